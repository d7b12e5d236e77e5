import type { Scene } from '../hooks.js';
import { errorAnswer, send } from '../http-util.js';
import type { Fault } from './types.js';

/**
 * Faults of the route table: an operation of section 4 mounted on another method or path than its
 * "Method and path" line, so the request the spec describes is refused by the router. The refusal
 * comes after authentication, as it does behind a gateway that checks the token before routing.
 */
export const routeFaults = [
  {
    name: 'rfp-route-kebab-case',
    description:
      "the RfP registrations route is registered under the framework's kebab-case spelling of the resource, /rfp-registrations: GET /rfp_registrations is answered 404 (no such route)",
    breaks: 'list_rfp_registrations.operation',
    caughtBy: 'http.served-not-refused',
    bends: { 'exchange.answered': (answered, scene) => answered || refusedByRouter(scene, 'GET', '/rfp_registrations', 404) },
  },
  {
    name: 'create-route-put',
    description:
      'the create handler is registered for PUT /user_banks, the verb the framework scaffolds for a write: POST /user_banks is answered 405 Method Not Allowed (Allow: GET)',
    breaks: 'create_user_bank.operation',
    caughtBy: 'user-banks.create.schema',
    bends: { 'exchange.answered': (answered, scene) => answered || refusedByRouter(scene, 'POST', '/user_banks', 405) },
  },
] as const satisfies readonly Fault[];

/** The router's refusal of a method and path it has no route for; true when it answered. */
function refusedByRouter({ req, res, url, state }: Scene, method: string, path: string, status: 404 | 405): boolean {
  if (req.method !== method || url.pathname !== path) return false;
  const answer =
    status === 404
      ? errorAnswer(state.variation, 404, 'not_found', 'no such route')
      : errorAnswer(state.variation, 405, 'method_not_allowed', 'method not allowed', { allow: 'GET' });
  send(res, answer);
  return true;
}
