// Defect: without limit the page size is 20 (framework paginator default) instead of 100.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { defaultLimit20: true } });
}
