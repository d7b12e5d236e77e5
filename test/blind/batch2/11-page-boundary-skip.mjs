// 11-page-boundary-skip
// Defect: Following next_cursor skips one entry: the cursor already points past the last item and the server advances once more, so one bank per page boundary is never returned.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { boundarySkip: true } });
}
