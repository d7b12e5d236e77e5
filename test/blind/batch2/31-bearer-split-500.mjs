// 31-bearer-split-500
// Defect: The Authorization header is parsed with h.split(" ")[1].trim(), so a header without a space (e.g. "Bearer" or a bare token) gives 500 instead of 401.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { authSplit: true } });
}
