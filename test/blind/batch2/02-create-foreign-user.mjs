// 02-create-foreign-user
// Defect: POST /user_banks checks only that user_id exists somewhere, not that it belongs to the caller, so caller A can link a bank to caller B's user (BOLA).
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { globalUserLookup: true } });
}
