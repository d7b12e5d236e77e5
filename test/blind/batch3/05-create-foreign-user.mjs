// Defect: POST /user_banks checks that user_id exists but not that it belongs to the caller.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { createForeignUser: true } });
}
