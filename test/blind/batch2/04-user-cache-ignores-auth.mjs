// 04-user-cache-ignores-auth
// Defect: A response cache in front of GET /users/{id} is keyed by URL only and consulted before authentication, so a cached user is served to other callers and to requests without Authorization.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { userCache: true } });
}
