// 06-trailing-slash-skips-auth
// Defect: The router is non-strict (trailing slash, case-insensitive) but the auth middleware is bound to exact paths, so GET /user_banks/ or /USER_BANKS without Authorization returns the default tenant's data.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { lenientRouting: true } });
}
