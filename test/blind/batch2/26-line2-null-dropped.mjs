// 26-line2-null-dropped
// Defect: address.line2 is mapped with ?? undefined, so a null line2 disappears from the JSON instead of being null.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { userView: (v) => ({ ...v, address: { ...v.address, line2: v.address.line2 ?? undefined } }) } });
}
