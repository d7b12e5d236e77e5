/**
 * POST /user_banks (spec 4.1). Strict validation checks every field's format (account number 4 to
 * 17 digits, ABA routing checksum, known types, no unknown members); lenient only needs strings and
 * a known user, and fills in defaults for omitted types. Both are legitimate: required fields and
 * formats are "not shown".
 */
import { abaChecksumOk } from '../../domain/routing-number.js';
import { readBody, sendError, sendJson } from '../http-util.js';
import type { BankRecord } from '../model.js';
import { serializeBank } from '../serialize.js';
import type { HandlerContext } from './types.js';

const FIELDS = ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type'] as const;
const HOLDER_TYPES = new Set(['individual']);
const ACCOUNT_TYPES = new Set(['checking', 'savings']);

export async function createUserBank(ctx: HandlerContext): Promise<void> {
  const { req, res, state, caller } = ctx;
  const { variation } = state;
  const bad = (code: string, message: string): void => sendError(res, variation, variation.badInputStatus, code, message);
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  // Fault: the id is taken from a count read before the body arrives, so requests in flight together share it.
  const racyId = state.fault('bank-id-collision-concurrent') ? `ub_race_${caller.banks.length + 1}` : undefined;
  const text = await readBody(req);
  // Stryker disable next-line all: fault-only: racyId is set only under the bank-id-collision-concurrent fault, off in every run that judges a mutant.
  if (racyId !== undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  if (variation.validation === 'strict' && contentType !== 'application/json') {
    sendError(res, variation, 415, 'unsupported_media_type', 'send the body as application/json');
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    bad('malformed_json', 'the body is not valid JSON');
    return;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    bad('invalid_body', 'the body must be a JSON object');
    return;
  }
  const input = body as Record<string, unknown>;
  for (const field of FIELDS) {
    if (input[field] !== undefined && typeof input[field] !== 'string') {
      if (state.fault('bank-create-500-on-wrong-type')) {
        sendError(res, variation, 500, 'internal', 'internal error');
        return;
      }
      bad('invalid_field', `${field} must be a string`);
      return;
    }
  }
  if (typeof input.user_id !== 'string' || input.user_id === '') {
    bad('missing_user_id', 'user_id is required');
    return;
  }
  const owner = state.fault('cross-tenant-bank-create') ? (state.callers.find((c) => c.users.some((u) => u.id === input.user_id)) ?? caller) : caller;
  // Faults of the ownership check: it asks whether the User exists at all, not whether it is the caller's.
  // Stryker disable next-line all: fault-only: read only by the cross-tenant-create-accepted and cross-tenant-create-refused-but-kept faults.
  const someonesUser = state.callers.some((c) => c.users.some((u) => u.id === input.user_id));
  const ownershipSkipped = someonesUser && state.fault('cross-tenant-create-accepted');
  if (!owner.users.some((u) => u.id === input.user_id) && !state.fault('bank-create-accepts-unknown-user') && !ownershipSkipped) {
    // Fault: the row is inserted before the ownership check, and the refusal does not roll it back.
    if (someonesUser && state.fault('cross-tenant-create-refused-but-kept')) caller.banks.push(newBank(state, input as Partial<Record<(typeof FIELDS)[number], string>>, input.user_id));
    sendError(res, variation, variation.unknownUserStatus, 'user_not_found', 'no such user');
    return;
  }
  const fields = input as Partial<Record<(typeof FIELDS)[number], string>>;
  const problem = variation.validation === 'strict' ? strictProblem(input, fields) : undefined;
  // Fault: a request refused for its format still leaves a bank behind.
  if (problem !== undefined && state.fault('bank-create-errors-as-200')) {
    sendJson(res, 200, { error: { code: 'invalid_field', message: problem } });
    return;
  }
  if (problem !== undefined && !state.fault('bank-rejected-but-kept')) {
    bad('invalid_field', problem);
    return;
  }
  const dropZeros = (value: string): string => (state.fault('bank-leading-zeros-dropped') ? value.replace(/^0+(?=\d)/, '') : value);
  const otherUser = state.fault('bank-linked-to-other-user') ? owner.users.find((u) => u.id !== input.user_id) : undefined;
  const bank: BankRecord = {
    seq: state.fixtures.nextSeq(),
    id: racyId ?? state.fixtures.ids.next('bank'),
    user_id: otherUser?.id ?? input.user_id,
    account_number: dropZeros(fields.account_number ?? ''),
    routing_number: dropZeros(fields.routing_number ?? ''),
    account_holder_type: fields.account_holder_type ?? 'individual',
    bank_account_type: fields.bank_account_type ?? 'checking',
    createdAt: createdAtFor(state),
    is_rtp_enabled: true,
    is_rtp_rfp_enabled: false,
    status: 'active',
    verification_status: 'verified',
    // Stryker disable next-line all: the listing lag of the late-listing-300ms variation, which no judged run uses (see list-user-banks.ts); without a lag the list never reads listedFrom.
    ...(variation.listingLagMs > 0 ? { listedFrom: performance.now() + variation.listingLagMs } : {}),
  };
  if (!state.fault('bank-not-kept')) owner.banks.push(bank);
  if (problem !== undefined) {
    bad('invalid_field', problem);
    return;
  }
  // Stryker disable next-line StringLiteral: equivalent: the context only chooses which shape faults apply, all off in every run that judges a mutant.
  sendJson(res, state.fault('bank-create-202') ? 202 : variation.createStatus, serializeBank(bank, state, 'create'));
}

// Stryker disable all: fault-only: called only under the cross-tenant-create-refused-but-kept fault, off in every run that judges a mutant.
/** A plain new bank record of the body's fields (the fault that stores a refused cross-caller write). */
function newBank(state: HandlerContext['state'], fields: Partial<Record<(typeof FIELDS)[number], string>>, userId: string): BankRecord {
  return {
    seq: state.fixtures.nextSeq(),
    id: state.fixtures.ids.next('bank'),
    user_id: userId,
    account_number: fields.account_number ?? '',
    routing_number: fields.routing_number ?? '',
    account_holder_type: fields.account_holder_type ?? 'individual',
    bank_account_type: fields.bank_account_type ?? 'checking',
    createdAt: state.now(),
    is_rtp_enabled: true,
    is_rtp_rfp_enabled: false,
    status: 'active',
    verification_status: 'verified',
  };
}
// Stryker restore all

/** Now, or the clock the created_at faults give a new bank. */
function createdAtFor(state: HandlerContext['state']): Date {
  if (state.fault('bank-created-at-days-off')) return new Date(state.now().getTime() - 3 * 86_400_000);
  // Fault: the wall-clock time of a UTC+5 zone stored as if it were UTC.
  if (state.fault('bank-created-at-hours-ahead')) return new Date(state.now().getTime() + 5 * 3_600_000);
  return state.now();
}

// The sentence returned is the error message (spec 7 leaves error bodies open); only whether there is one counts.
// Stryker disable StringLiteral: equivalent: a message emptied is still a problem (a refusal), and each `?? ''` follows the check that every field is present.
function strictProblem(input: Record<string, unknown>, fields: Partial<Record<(typeof FIELDS)[number], string>>): string | undefined {
  const unknown = Object.keys(input).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) return `unknown member(s): ${unknown.join(', ')}`;
  for (const field of FIELDS) if (fields[field] === undefined) return `${field} is required`;
  if (!/^\d{4,17}$/.test(fields.account_number ?? '')) return 'account_number must be 4 to 17 digits';
  if (!abaChecksumOk(fields.routing_number ?? '')) return 'routing_number must be a valid 9-digit ABA routing number';
  if (!HOLDER_TYPES.has(fields.account_holder_type ?? '')) return 'account_holder_type is not a known value';
  if (!ACCOUNT_TYPES.has(fields.bank_account_type ?? '')) return 'bank_account_type is not a known value';
  return undefined;
}
// Stryker restore StringLiteral
