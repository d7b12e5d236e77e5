// 36-rfp-all-tenants
// Defect: The RfP list query has no tenant condition, so each caller also sees the other caller's registrations (and duplicated use cases).
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { rfpAllTenants: true } });
}
