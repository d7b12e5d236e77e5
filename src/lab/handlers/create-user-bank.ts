/**
 * POST /user_banks (spec 4.1). Strict validation checks every field's format (account number 4 to
 * 17 digits, ABA routing checksum, known types, no unknown members); lenient only needs strings and
 * a known user, and fills in its own values for omitted types. Both are legitimate: required fields and
 * formats are "not shown".
 */
import { abaChecksumOk } from '../../core/domain/routing-number.js';
import type { CreateRefusalReason } from '../hooks.js';
import { errorAnswer, jsonAnswer, readBody, send, type ErrorSentence } from '../http-util.js';
import type { Caller } from '../model.js';
import { serializeBank } from '../serialize.js';
import { newBankRecord, type BankFields } from '../store.js';
import type { HandlerContext } from './types.js';

const FIELDS = ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type'] as const;
const HOLDER_TYPES = new Set(['individual']);
const ACCOUNT_TYPES = new Set(['checking', 'savings']);

export async function createUserBank(ctx: HandlerContext): Promise<void> {
  const { req, res, state, caller } = ctx;
  const { variation, hooks } = state;
  let input: Record<string, unknown> = {};
  const refuse = (reason: CreateRefusalReason, status: number, code: string, message: string, owner?: Caller): void =>
    send(
      res,
      hooks.bend('create.refusal', errorAnswer(variation, status, code, message), { ...ctx, input, reason, ...(owner ? { owner } : {}) }),
    );
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  await hooks.bend('create.arrived', Promise.resolve(), ctx);
  const text = await readBody(req);
  if (variation.validation === 'strict' && contentType !== 'application/json') {
    refuse('media-type', 415, 'unsupported_media_type', 'send the body as application/json');
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    refuse('json', variation.badInputStatus, 'malformed_json', 'the body is not valid JSON');
    return;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    refuse('not-object', variation.badInputStatus, 'invalid_body', 'the body must be a JSON object');
    return;
  }
  input = body as Record<string, unknown>;
  const wrongType = FIELDS.find((field) => input[field] !== undefined && typeof input[field] !== 'string');
  if (wrongType !== undefined) {
    refuse('wrong-type', variation.badInputStatus, 'invalid_field', `${wrongType} must be a string`);
    return;
  }
  const userId = input.user_id;
  if (typeof userId !== 'string' || userId === '') {
    refuse('missing-user', variation.badInputStatus, 'missing_user_id', 'user_id is required');
    return;
  }
  const owner = hooks.bend('create.owner', caller, { ...ctx, input });
  if (
    !hooks.bend(
      'create.user-allowed',
      owner.users.some((u) => u.id === userId),
      { ...ctx, input, owner },
    )
  ) {
    refuse('unknown-user', variation.unknownUserStatus, 'user_not_found', 'no such user', owner);
    return;
  }
  const fields = input as BankFields;
  const problem = hooks.bend('create.problem', variation.validation === 'strict' ? strictProblem(input, fields) : undefined, {
    ...ctx,
    input,
    owner,
  });
  if (problem !== undefined) {
    refuse('format', variation.badInputStatus, 'invalid_field', problem, owner);
    return;
  }
  const bank = hooks.bend('create.record', newBankRecord(state, userId, fields), { ...ctx, input, owner });
  if (hooks.bend('create.kept', true, { ...ctx, input, bank })) owner.banks.push(bank);
  send(res, hooks.bend('create.answer', jsonAnswer(variation.createStatus, serializeBank(bank, state, 'create')), { ...ctx, input, bank }));
}

/** What keeps a body from strict validation, as the refusal's message; undefined when nothing does. */
function strictProblem(input: Record<string, unknown>, fields: BankFields): ErrorSentence | undefined {
  const unknown = Object.keys(input).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) return `unknown member(s): ${unknown.join(', ')}`;
  for (const field of FIELDS) if (input[field] === undefined) return `${field} is required`;
  if (!/^\d{4,17}$/.test(fields.account_number ?? '')) return 'account_number must be 4 to 17 digits';
  if (!abaChecksumOk(fields.routing_number ?? '')) return 'routing_number must be a valid 9-digit ABA routing number';
  if (!HOLDER_TYPES.has(fields.account_holder_type ?? '')) return 'account_holder_type is not a known value';
  if (!ACCOUNT_TYPES.has(fields.bank_account_type ?? '')) return 'bank_account_type is not a known value';
  return undefined;
}
