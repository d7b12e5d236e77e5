// 18-user-filter-cross-tenant
// Defect: With ?user_id= the list query is built from the user id alone and loses the tenant scope, so caller A can list caller B's banks.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { userFilterCrossTenant: true } });
}
