// 34-next-cursor-omitted
// Defect: On the last page next_cursor is set to undefined, so JSON.stringify drops the member instead of sending null.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { omitNullCursor: true } });
}
