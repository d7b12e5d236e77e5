/**
 * Bearer authentication (spec 5): "Authorization: Bearer <token>", the scheme matched
 * case-insensitively (RFC 9110 11.1). A refusal carries WWW-Authenticate (RFC 6750 3).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from './http-util.js';
import type { Caller } from './model.js';
import type { ReferenceState } from './state.js';

export type OperationName = 'create_user_bank' | 'list_user_banks' | 'list_rfp_registrations' | 'get_user';

/** The caller, or undefined after an error answer has been sent. */
export function authenticate(req: IncomingMessage, res: ServerResponse, state: ReferenceState, _operation: OperationName): Caller | undefined {
  const header = req.headers.authorization;
  const match = header === undefined ? null : /^(\S+) (\S+)$/.exec(header);
  const scheme = match?.[1];
  const token = match?.[2];
  const caller = scheme !== undefined && scheme.toLowerCase() === 'bearer' && token !== undefined ? state.callerByToken(token) : undefined;
  if (caller) return caller;
  const status = state.variation.authFailureStatus;
  const challenge = header === undefined ? 'Bearer realm="banklink"' : 'Bearer realm="banklink", error="invalid_token"';
  sendError(res, state.variation, status, 'unauthorized', 'a valid Bearer token is required', status === 401 ? { 'www-authenticate': challenge } : {});
  return undefined;
}
