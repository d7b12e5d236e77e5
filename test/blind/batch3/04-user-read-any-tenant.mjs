// Defect: GET /users/{user_id} looks the User up by id only, so a caller can read another business's User.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { userLookupAnyTenant: true } });
}
