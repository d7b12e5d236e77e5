// 19-concurrent-create-same-id
// Defect: Ids come from a read-then-write counter around an async DB call; two simultaneous creates get the same id and the second upserts over the first, losing a bank.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { racyCounter: true } });
}
