// 30-rfp-route-before-auth
// Defect: GET /rfp_registrations is mounted before the auth middleware with a default-tenant fallback, so it answers 200 with caller A's registrations without Authorization.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ prefix: '/api/v2', faults: { rfpBeforeAuth: true } });
}
