/**
 * Bearer authentication (spec 5): "Authorization: Bearer <token>", the scheme matched
 * case-insensitively (RFC 9110 11.1). How a refusal is answered is a choice (choices/auth-refusal.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken } from './bearer.js';
import { authRefusal } from './choices/auth-refusal.js';
import { errorAnswer, send } from './http-util.js';
import type { Caller, OperationName } from './model.js';
import type { ReferenceState } from './state.js';

/** The caller, or undefined after an error answer has been sent. */
export async function authenticate(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: ReferenceState,
  operation: OperationName,
): Promise<Caller | undefined> {
  const header = req.headers.authorization;
  const token = bearerToken(header);
  const caller = state.hooks.bend('auth.caller', state.callerByToken(token), {
    state,
    req,
    url,
    operation,
    header,
  });
  if (caller) {
    state.spendToken(token);
    return caller;
  }
  const { status, headers } = authRefusal(state.variation, header);
  const refusal = errorAnswer(state.variation, status, 'unauthorized', 'a valid Bearer token is required', headers);
  await state.hooks.bend('auth.refused', Promise.resolve(), { state, req, url, operation, header });
  send(res, state.hooks.bend('auth.refusal', refusal, { state, req, url, operation, header }));
  return undefined;
}
