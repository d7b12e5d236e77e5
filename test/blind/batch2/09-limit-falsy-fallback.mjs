// 09-limit-falsy-fallback
// Defect: limit is parsed with parseInt(x) || 100 and clamped only from above, so limit=0, "abc", "2.5" and negative values are accepted (0 gives 100 items, -1 gives all but the last).
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { parseLimit: (q) => ({ limit: Math.min(parseInt(q.get('limit')) || 100, 100) }) } });
}
