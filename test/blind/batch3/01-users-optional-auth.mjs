// Defect: GET /users/{user_id} uses an optional-auth middleware, so it answers without (or with a bad) Authorization header.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { usersOptionalAuth: true } });
}
