// Defect: user_id-filtered lists are cached per caller+user for 60 s and the create path invalidates a wrongly spelled key, so a new bank is missing from the filtered list.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { userBankCacheStale: true } });
}
