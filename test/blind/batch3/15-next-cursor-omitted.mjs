// Defect: on the last page next_cursor is undefined and dropped from the JSON instead of being null.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { nextCursorOmitted: true } });
}
