// 29-malformed-percent-500
// Defect: GET /users/{user_id} calls decodeURIComponent without a try, so a malformed percent escape (e.g. /users/%E0%A4%A) yields 500.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { unsafeDecode: true } });
}
