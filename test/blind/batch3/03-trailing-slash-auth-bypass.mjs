// Defect: auth guard matches exact raw paths but the router is non-strict/decoding, so /user_banks/ (or /user%5Fbanks) skips auth and owner scoping.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { authTrailingSlashBypass: true } });
}
