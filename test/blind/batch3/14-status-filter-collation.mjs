// Defect: status filter compares under a case-insensitive, pad-space collation, so status=ACTIVE or "active " returns active banks.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { statusFilterCollation: true } });
}
