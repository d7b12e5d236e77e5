import { callerOfLastWord, firstCallerForAnyBearer, onOperation } from './kit.js';
import type { Fault } from './types.js';

/**
 * Authentication defects of one operation each (spec 5: "The header is required on all four
 * operations"): a real service rarely breaks auth everywhere at once; one route mounted outside the
 * middleware, one handler that parses the header by hand, one write path that skips the token
 * lookup. Switched on in src/lab/auth.ts.
 */
export const authOperationFaults = [
  {
    name: 'create-auth-skipped',
    description:
      'POST /user_banks is routed before the authentication middleware: a request with no credentials creates a User Bank (for the first caller)',
    breaks: 'auth.required.create_user_bank',
    caughtBy: 'auth.create-user-bank.missing-credentials-refused',
    bends: { 'auth.caller': onOperation('create_user_bank', (scene) => scene.state.callers[0]) },
  },
  {
    name: 'create-token-not-verified',
    description:
      'POST /user_banks checks that a Bearer token is present but not that it was issued (the write path skips the token lookup and acts as the first caller)',
    breaks: 'auth.bearer',
    caughtBy: 'auth.create-user-bank.unknown-token-refused',
    bends: { 'auth.caller': onOperation('create_user_bank', firstCallerForAnyBearer) },
  },
  {
    name: 'create-any-scheme',
    description:
      'POST /user_banks parses the Authorization header by hand and takes its last word as the token, whatever the scheme before it ("Token <token>", the bare token)',
    breaks: 'auth.bearer',
    caughtBy: 'auth.create-user-bank.other-scheme-refused',
    bends: { 'auth.caller': onOperation('create_user_bank', callerOfLastWord) },
  },
  {
    name: 'list-banks-query-token',
    description:
      'GET /user_banks also takes the token from an access_token query parameter (RFC 6750 2.3), so a request with no Authorization header is answered',
    breaks: 'auth.required.list_user_banks',
    caughtBy: 'auth.list-user-banks.missing-credentials-refused',
    bends: {
      'auth.caller': onOperation('list_user_banks', (scene) => {
        const token = scene.url.searchParams.get('access_token');
        return token === null ? undefined : scene.state.callerByToken(token);
      }),
    },
  },
  {
    name: 'list-banks-any-scheme',
    description: 'GET /user_banks takes the last word of the Authorization header as the token, whatever the scheme before it',
    breaks: 'auth.bearer',
    caughtBy: 'auth.list-user-banks.other-scheme-refused',
    bends: { 'auth.caller': onOperation('list_user_banks', callerOfLastWord) },
  },
  {
    name: 'rfp-list-public',
    description:
      "GET /rfp_registrations without an Authorization header answers the first caller's registrations (the list treated as public configuration)",
    breaks: 'auth.required.list_rfp_registrations',
    caughtBy: 'auth.list-rfp-registrations.missing-credentials-refused',
    bends: {
      'auth.caller': onOperation('list_rfp_registrations', (scene) => (scene.header === undefined ? scene.state.callers[0] : undefined)),
    },
  },
  {
    name: 'rfp-list-token-not-verified',
    description:
      "GET /rfp_registrations checks that a Bearer token is present but not that it was issued, and answers the first caller's registrations",
    breaks: 'auth.bearer',
    caughtBy: 'auth.list-rfp-registrations.unknown-token-refused',
    bends: { 'auth.caller': onOperation('list_rfp_registrations', firstCallerForAnyBearer) },
  },
  {
    name: 'get-user-token-not-verified',
    description: 'GET /users/{user_id} checks that a Bearer token is present but not that it was issued',
    breaks: 'auth.bearer',
    caughtBy: 'auth.get-user.unknown-token-refused',
    bends: { 'auth.caller': onOperation('get_user', firstCallerForAnyBearer) },
  },
  {
    name: 'get-user-any-scheme',
    description: 'GET /users/{user_id} takes the last word of the Authorization header as the token, whatever the scheme before it',
    breaks: 'auth.bearer',
    caughtBy: 'auth.get-user.other-scheme-refused',
    bends: { 'auth.caller': onOperation('get_user', callerOfLastWord) },
  },
] as const satisfies readonly Fault[];
