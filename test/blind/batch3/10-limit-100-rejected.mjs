// Defect: limit validation uses an exclusive upper bound, so limit=100 is refused with 400.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { limitMaxExclusive: true } });
}
