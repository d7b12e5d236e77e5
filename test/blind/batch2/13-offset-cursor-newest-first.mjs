// 13-offset-cursor-newest-first
// Defect: Cursors are numeric offsets into a newest-first list, so a bank created between two page requests shifts the list and the next page repeats an entry already returned.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { newestFirst: true, offsetCursor: true } });
}
