// 05-head-skips-auth
// Defect: HEAD requests bypass the auth middleware (registered for GET/POST only) and are answered 200 for the default tenant without Authorization.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { headSkipsAuth: true } });
}
