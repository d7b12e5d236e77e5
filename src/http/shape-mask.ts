/**
 * How a personal value is printed: by its shape, never by its content. A value masked to one word
 * ("[masked]") made a server that answers date_of_birth as the string "1990-03-08" look exactly like
 * one that answers the object of 2.2, so the evidence of a shape fault proved nothing (issue 56).
 * Masked here, the JSON type, the length, the member names and the element count survive, and the
 * characters and digits do not:
 *
 *   "Jane Doe"                         -> "[masked string, 8 chars]"
 *   1990                               -> "[masked number, 4 chars]"
 *   { "date": 8, "month": 3, ... }     -> { "date": "[masked number, 1 char]", "month": ..., ... }
 *   [ "a@b.c", "d@e.f" ]               -> [ "[masked string, 5 chars]", "[masked string, 5 chars]" ]
 *   null, true, false, ""              -> as they came (no one can be told from them, and they are the shape)
 *
 * An object stays an object and an array an array, each member masked by the same rule, so a good
 * and a bad answer differ wherever their types, lengths or member names differ: a year given as the
 * string "1990" reads "[masked string, 4 chars]", the number 1990 "[masked number, 4 chars]".
 */

const chars = (n: number): string => `${n} ${n === 1 ? 'char' : 'chars'}`;

/** A personal value of any JSON type, with everything but its shape masked. */
export function maskKeepingShape(value: unknown): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.length === 0 ? value : `[masked string, ${chars(value.length)}]`;
  if (typeof value === 'number') return `[masked number, ${chars(String(value).length)}]`;
  if (Array.isArray(value)) return value.map(maskKeepingShape);
  if (typeof value === 'object') {
    // for-in over a parsed value (own, plain members only), as the redactor walks bodies.
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key in record) out[key] = maskKeepingShape(record[key]);
    return out;
  }
  // Not a JSON value (undefined, a bigint): said by its type alone.
  return `[masked ${typeof value}]`;
}

/** All but the last 4 characters as `*`: the part of an account number its holder recognises it by. */
export function maskAllButLastFour(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/**
 * An account number: its last 4 digits stay, as they always have, and its type shows as well: a
 * number is not printed as the string a conformant server sends ("******5678"), but as
 * "[masked number ******5678]", so the BIGINT-column fault stays visible in the evidence.
 */
export function maskAccountNumber(value: unknown): unknown {
  if (typeof value === 'string') return maskAllButLastFour(value);
  if (typeof value === 'number') return `[masked number ${maskAllButLastFour(String(value))}]`;
  return maskKeepingShape(value);
}

/**
 * A personal value learned from the target, where free text quotes it (a message, a query string):
 * what it was and its length, e.g. "[masked ssn, 9 chars]"; an account number keeps its last 4.
 */
export function maskLearned(member: string, text: string): string {
  return member === 'account_number' ? maskAllButLastFour(text) : `[masked ${member}, ${chars(text.length)}]`;
}

/** A body that is not JSON may still hold account numbers or SSNs: every run of 7+ digits keeps only its last 4. */
export function maskDigitRuns(text: string): string {
  return text.replace(/\d{7,}/g, (run) => maskAllButLastFour(run));
}
