/**
 * Choice: how strictly POST /user_banks validates its body. The spec types every field as a string
 * and says which are required nowhere, nor their formats, so both are conformant: strict refuses a
 * body that is not application/json, not a JSON object, with a field that is not a string, a missing
 * or empty field, an unknown member, or a format outside the known values (account number 4 to 17
 * digits, an ABA routing number, the known holder and account types); lenient needs only a JSON
 * object whose fields that are present are strings with a user_id, and fills in its own values for
 * omitted ones. Each refusal names its reason for the create.refusal hook (hooks.ts).
 */
import { abaChecksumOk } from '../../core/domain/routing-number.js';
import type { CreateRefusalReason } from '../hooks.js';
import type { ErrorSentence } from '../http-util.js';
import type { BankFields } from '../model.js';
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const validationChoice: Choice = {
  name: 'creation validation',
  silence:
    '4.1: "Which body fields are required and which are optional: not shown."; 2.2: "Length and format constraints of every field other than the timestamps: not shown."; 2.1: "Allowed values of account_holder_type, bank_account_type ... beyond the known values above: not shown."',
  fields: ['validation'],
  alternatives: [
    {
      does: 'strict: every field present, formats and known values checked',
      holds: (v) => v.validation === 'strict',
      variations: ['baseline'],
    },
    {
      does: 'lenient: strings and a known user, defaults for the rest',
      holds: (v) => v.validation === 'lenient',
      variations: ['lenient-capped'],
    },
  ],
  code: ['src/lab/choices/validation.ts'],
};

const FIELDS = ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type'] as const;
const HOLDER_TYPES = new Set(['individual']);
const ACCOUNT_TYPES = new Set(['checking', 'savings']);

/** Why a body is refused before its user is looked up: its reason, status and texts. */
export interface BodyRefusal {
  reason: CreateRefusalReason;
  status: number;
  code: string;
  message: ErrorSentence;
}

/** The body as an object with a user_id, or why it is refused. */
export function readCreateBody(
  variation: Pick<Variation, 'validation' | 'badInputStatus'>,
  contentTypeHeader: string | undefined,
  text: string,
): { input: Record<string, unknown>; userId: string } | BodyRefusal {
  const contentType = (contentTypeHeader ?? '').split(';')[0]?.trim().toLowerCase();
  const bad = variation.badInputStatus;
  if (variation.validation === 'strict' && contentType !== 'application/json')
    return { reason: 'media-type', status: 415, code: 'unsupported_media_type', message: 'send the body as application/json' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { reason: 'json', status: bad, code: 'malformed_json', message: 'the body is not valid JSON' };
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { reason: 'not-object', status: bad, code: 'invalid_body', message: 'the body must be a JSON object' };
  const input = body as Record<string, unknown>;
  const wrongType = FIELDS.find((field) => input[field] !== undefined && typeof input[field] !== 'string');
  if (wrongType !== undefined)
    return { reason: 'wrong-type', status: bad, code: 'invalid_field', message: `${wrongType} must be a string` };
  const userId = input.user_id;
  if (typeof userId !== 'string' || userId === '')
    return { reason: 'missing-user', status: bad, code: 'missing_user_id', message: 'user_id is required' };
  return { input, userId };
}

/** What keeps a body of a known user from being taken, as the refusal's message; undefined when nothing does. */
export function formatProblem(variation: Pick<Variation, 'validation'>, input: Record<string, unknown>): ErrorSentence | undefined {
  if (variation.validation !== 'strict') return undefined;
  const fields = input as BankFields;
  const unknown = Object.keys(input).filter((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown.length > 0) return `unknown member(s): ${unknown.join(', ')}`;
  for (const field of FIELDS) if (input[field] === undefined) return `${field} is required`;
  if (!/^\d{4,17}$/.test(fields.account_number ?? '')) return 'account_number must be 4 to 17 digits';
  if (!abaChecksumOk(fields.routing_number ?? '')) return 'routing_number must be a valid 9-digit ABA routing number';
  if (!HOLDER_TYPES.has(fields.account_holder_type ?? '')) return 'account_holder_type is not a known value';
  if (!ACCOUNT_TYPES.has(fields.bank_account_type ?? '')) return 'bank_account_type is not a known value';
  return undefined;
}

/** The fields a new User Bank is stored with: the body's, and the service's own values for those it omitted (lenient only omits). */
export function bankFields(fields: BankFields): Required<BankFields> {
  return {
    account_number: fields.account_number ?? '',
    routing_number: fields.routing_number ?? '',
    account_holder_type: fields.account_holder_type ?? 'individual',
    bank_account_type: fields.bank_account_type ?? 'checking',
  };
}
