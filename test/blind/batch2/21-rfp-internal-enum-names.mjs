// 21-rfp-internal-enum-names
// Defect: RfP registration status is serialised with the internal enum name (rfp_registration_active ...) instead of the public value.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { rfpView: (v) => ({ ...v, status: 'rfp_registration_' + v.status }) } });
}
