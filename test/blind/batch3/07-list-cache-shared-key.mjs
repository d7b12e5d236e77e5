// Defect: GET /user_banks responses are cached by URL only (not by caller), so the second caller asking the same URL within 10 s gets the first caller's page.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { listCacheSharedKey: true } });
}
