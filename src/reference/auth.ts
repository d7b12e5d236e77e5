/**
 * Bearer authentication (spec 5): "Authorization: Bearer <token>", the scheme matched
 * case-insensitively (RFC 9110 11.1). A refusal carries WWW-Authenticate (RFC 6750 3).
 * The auth faults of the catalog (faults/auth.ts) are switched on here, where the defect would live.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendError } from './http-util.js';
import type { FaultName } from './faults/index.js';
import type { Caller } from './model.js';
import type { ReferenceState } from './state.js';

export type OperationName = 'create_user_bank' | 'list_user_banks' | 'list_rfp_registrations' | 'get_user';

/** The caller, or undefined after an error answer has been (or is being) sent. */
export function authenticate(req: IncomingMessage, res: ServerResponse, state: ReferenceState, operation: OperationName): Caller | undefined {
  const header = req.headers.authorization;
  const caller = callerFor(header, state, operation) ?? callerDespiteFault(req, state, operation);
  if (caller) return caller;
  if (operation === 'get_user' && state.fault('auth-skipped-get-user')) return state.callers[0];
  const refuse = (): void => {
    const status = state.fault('auth-refusal-404') ? 404 : state.variation.authFailureStatus;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: which of the two challenges is sent; both name the Bearer scheme, all that spec 7's WWW-Authenticate convention asks.
    const challenge = header === undefined ? 'Bearer realm="banklink"' : 'Bearer realm="banklink", error="invalid_token"';
    const headers: Record<string, string> = status === 401 && !state.fault('auth-401-no-challenge') ? { 'www-authenticate': challenge } : {};
    sendError(res, state.variation, status, 'unauthorized', 'a valid Bearer token is required', headers);
  };
  if (operation === 'create_user_bank' && state.fault('auth-refused-write-persists')) {
    // The defect: the body is stored before the refusal goes out.
    persistRefusedWrite(req, state).then(refuse, refuse);
    return undefined;
  }
  refuse();
  return undefined;
}

function callerFor(header: string | undefined, state: ReferenceState, operation: OperationName): Caller | undefined {
  // Stryker disable next-line ConditionalExpression: equivalent, an absent header matches no pattern below either.
  if (header === undefined) return undefined;
  if (state.fault('auth-any-scheme-accepted') || operationFault(state, operation, ANY_SCHEME)) {
    const token = header.trim().split(/\s+/).pop();
    // Stryker disable next-line all: fault-only code (auth-any-scheme-accepted and the per-operation any-scheme faults), off in every run that judges a mutant.
    return token === undefined ? undefined : state.callerByToken(token);
  }
  // Fault: "Bearer <token>" is searched for anywhere in the header, not matched as the whole value.
  // Stryker disable next-line all: fault-only code (auth-header-loose-match), off in every run that judges a mutant.
  const loose = state.fault('auth-header-loose-match') ? /(bearer) (\S+)/i.exec(header) : null;
  const match = loose ?? /^(\S+) (\S+)$/.exec(header);
  const scheme = match?.[1];
  const token = match?.[2];
  const schemeOk = state.fault('auth-scheme-case-sensitive') ? scheme === 'Bearer' : scheme?.toLowerCase() === 'bearer';
  if (!schemeOk || token === undefined) return undefined;
  const unverified = state.fault('auth-any-token-accepted') || operationFault(state, operation, TOKEN_NOT_VERIFIED);
  return state.callerByToken(token) ?? nearMissCaller(token, state, operation) ?? (unverified ? state.callers[0] : undefined);
}

/** The caller a token only close to theirs is taken for, under the token-comparison faults; otherwise none. */
// Stryker disable next-line BlockStatement: fault-only: every branch returns a caller only under a token-comparison fault; emptied it returns undefined, as every judged run gets.
function nearMissCaller(token: string, state: ReferenceState, operation: OperationName): Caller | undefined {
  // A comparison over the length of what was sent (strncmp-like): any prefix of a token passes.
  if (state.fault('auth-token-prefix-accepted')) return state.callers.find((c) => token.length > 0 && c.token.startsWith(token));
  // Tokens normalised to lower case on one side of a lookup.
  if (state.fault('auth-token-case-insensitive')) return state.callers.find((c) => c.token.toLowerCase() === token.toLowerCase());
  // One route tests the token against a pattern anchored only at its end: characters before it pass.
  if (operation === 'list_user_banks' && state.fault('list-banks-token-unanchored')) return state.callers.find((c) => token.endsWith(c.token));
  return undefined;
}

/** The per-operation auth faults (faults/auth-operations.ts): which fault bends which operation. */
// Stryker disable next-line ObjectLiteral: fault-only: an empty table is every per-operation fault off, as in every run that judges a mutant.
const ANY_SCHEME: Partial<Record<OperationName, FaultName>> = { create_user_bank: 'create-any-scheme', list_user_banks: 'list-banks-any-scheme', get_user: 'get-user-any-scheme' };
// Stryker disable next-line ObjectLiteral: fault-only: as above.
const TOKEN_NOT_VERIFIED: Partial<Record<OperationName, FaultName>> = {
  create_user_bank: 'create-token-not-verified',
  list_rfp_registrations: 'rfp-list-token-not-verified',
  get_user: 'get-user-token-not-verified',
};

// Stryker disable next-line BlockStatement: fault-only: emptied it returns undefined (false), the per-operation fault off, as in every judged run.
function operationFault(state: ReferenceState, operation: OperationName, table: Partial<Record<OperationName, FaultName>>): boolean {
  const name = table[operation];
  return name !== undefined && state.fault(name);
}

/** A caller found where a correct service would refuse: a route outside the middleware, a token in the query. */
// Stryker disable next-line BlockStatement: fault-only: every branch returns a caller only under a fault; emptied it returns undefined, as every judged run gets.
function callerDespiteFault(req: IncomingMessage, state: ReferenceState, operation: OperationName): Caller | undefined {
  if (operation === 'create_user_bank' && state.fault('create-auth-skipped')) return state.callers[0];
  if (operation === 'list_rfp_registrations' && req.headers.authorization === undefined && state.fault('rfp-list-public')) return state.callers[0];
  if (operation === 'list_user_banks' && state.fault('list-banks-query-token')) {
    const token = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('access_token');
    return token === null ? undefined : state.callerByToken(token);
  }
  return undefined;
}

// Stryker disable all: fault-only: called only under the auth-refused-write-persists fault, off in every run that judges a mutant.
/** Stores the User Bank of a refused POST with whichever caller owns its user_id (fault only). */
async function persistRefusedWrite(req: IncomingMessage, state: ReferenceState): Promise<void> {
  const input = JSON.parse(await readBody(req)) as Record<string, unknown>;
  const owner = state.callers.find((c) => c.users.some((u) => u.id === input.user_id));
  if (!owner || typeof input.user_id !== 'string') return;
  const text = (name: string, fallback: string): string => (typeof input[name] === 'string' ? (input[name] as string) : fallback);
  owner.banks.push({
    seq: state.fixtures.nextSeq(),
    id: state.fixtures.ids.next('bank'),
    user_id: input.user_id,
    account_number: text('account_number', ''),
    routing_number: text('routing_number', ''),
    account_holder_type: text('account_holder_type', 'individual'),
    bank_account_type: text('bank_account_type', 'checking'),
    createdAt: state.now(),
    is_rtp_enabled: true,
    is_rtp_rfp_enabled: false,
    status: 'active',
    verification_status: 'verified',
    ...(state.variation.listingLagMs > 0 ? { listedFrom: performance.now() + state.variation.listingLagMs } : {}),
  });
}
// Stryker restore all
