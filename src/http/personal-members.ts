/**
 * Which members of the spec's data hold personal data (2.1, 2.2), and how each is masked
 * (src/http/shape-mask.ts): the one list the redactor masks bodies by and a schema violation's
 * "seen" value is printed by, so a finding and the body beside it never disagree on what is hidden.
 * Ids, statuses, timestamps, routing numbers and the city, state and zip of an address are not
 * personal: they name no one, and a replay or a reader needs them.
 */
import { maskAccountNumber, maskKeepingShape } from './shape-mask.js';

/** Members whose whole value, whatever its type, is masked to its shape. */
const SHAPE_MASKED_MEMBERS = new Set(['ssn', 'email', 'phone', 'first_name', 'last_name', 'line1', 'line2', 'date_of_birth']);
/** Members shown with their last 4 characters (their existing policy), their type still visible. */
const LAST_FOUR_MEMBERS = new Set(['account_number']);

export type PersonalMask = (value: unknown) => unknown;

/** How the value of `member` is masked; undefined when the member is not personal. */
export function personalMaskOf(member: string): PersonalMask | undefined {
  if (SHAPE_MASKED_MEMBERS.has(member)) return maskKeepingShape;
  if (LAST_FOUR_MEMBERS.has(member)) return maskAccountNumber;
  return undefined;
}

/**
 * A value found at a JSON Pointer path with its personal data masked: whole, by the nearest personal
 * member on the path (/date_of_birth/month is masked as date_of_birth's members are), else each
 * personal member inside it (a whole User seen where a list envelope was expected). For a value
 * printed apart from its body, as a schema violation's "seen" is; the redactor masks whole bodies.
 */
export function maskPersonalAt(path: string, value: unknown): unknown {
  const members = path.split('/');
  for (let i = members.length - 1; i >= 0; i -= 1) {
    const mask = personalMaskOf(unescapePointer(members[i] as string));
    if (mask !== undefined) return mask(value);
  }
  return maskPersonalIn(value);
}

/** Every personal member inside a value masked; the rest as it is. */
function maskPersonalIn(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalIn);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in record) out[key] = (personalMaskOf(key) ?? maskPersonalIn)(record[key]);
  return out;
}

/** A JSON Pointer reference token as the member name it stands for (RFC 6901: ~1 is /, ~0 is ~). */
const unescapePointer = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');
