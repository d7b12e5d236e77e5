// Defect: the enum mapping lacks the inactive entry, so an inactive registration shows status "rfp_registration_inactive".
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { rfpInternalStatus: true } });
}
