// Defect: the cursor condition is >= instead of >, so each next page repeats the last entry of the previous page.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { cursorInclusive: true } });
}
