/**
 * What a valid create body (4.1) must give, one judge per requirement, each over a Sent answer
 * shared by every property (src/property/send-cache.ts). A judge holds vacuously where another
 * check owns the problem (a non-2xx answer is the schema check's finding), so one defect gives one
 * fail from the check aimed at it.
 */
import { isServerError, isSuccess } from '../http/exchange.js';
import type { CreateBody } from '../domain/user-bank.js';
import { IMMUTABLE_BANK_FIELDS } from '../domain/user-bank.js';
import { describeViolations, validate } from '../schema/validator.js';
import { violatedRequirements } from '../schema/violated-requirements.js';
import type { Probe } from '../suite/probe.js';
import { slowListingWarning, untilListed } from '../suite/settle.js';
import { idOf, listBanksSince } from './bank-listing.js';
import type { Verdict } from './run-property.js';
import type { Sent } from './send-cache.js';

export type Creation = Sent<CreateBody>;

/**
 * created_at is "Time of creation" (2.1); the target's clock is not ours, so the MUST-level bound is
 * a day either way (a created_at off by more is not the time of this creation under any clock skew
 * a running service has), and more than a few minutes off is only worth a warn.
 */
export const CREATED_AT_FAIL_MS = 24 * 3_600_000;
export const CREATED_AT_WARN_MS = 15 * 60_000;

const answer = (sent: Creation): Record<string, unknown> | undefined =>
  sent.exchange.json !== null && typeof sent.exchange.json === 'object' && !Array.isArray(sent.exchange.json) ? (sent.exchange.json as Record<string, unknown>) : undefined;

const vacuous = (why: string): Verdict => ({ ok: true, unproven: why });

/** 4.1: a User Bank object with all its fields (schemas/user-bank.schema.json), after a 2xx. */
export function judgeSchema(sent: Creation): Verdict {
  const { exchange } = sent;
  if (!isSuccess(exchange)) {
    const kind = isServerError(exchange) ? 'a server error' : 'a refusal';
    return { ok: false, problem: `a valid body (every member in its documented format) was answered ${exchange.status}, ${kind}`, expected: '2xx', actual: String(exchange.status), exchange };
  }
  if (exchange.jsonError !== undefined || exchange.bodyText.length === 0) {
    return { ok: false, problem: 'the 2xx answer is not a JSON body', expected: 'a JSON User Bank', actual: exchange.bodyText.slice(0, 80), exchange };
  }
  const violations = validate('user-bank', exchange.json);
  if (violations.length > 0) {
    const requirements = violatedRequirements('user-bank', violations);
    return {
      ok: false,
      problem: `the created User Bank does not match schemas/user-bank.schema.json: ${describeViolations(violations)}`,
      expected: 'a User Bank with every field of 2.1',
      actual: describeViolations(violations, 10),
      exchange,
      ...(requirements ? { requirements } : {}),
    };
  }
  return { ok: true };
}

/** 4.1: "The account_number and routing_number are returned as given." (leading zeros included). */
export function judgeReturnedAsGiven(sent: Creation): Verdict {
  const body = answer(sent);
  if (!isSuccess(sent.exchange) || !body) return vacuous('no User Bank in the answer');
  for (const field of ['account_number', 'routing_number'] as const) {
    if (body[field] !== sent.input[field]) {
      return { ok: false, problem: `${field} came back as ${JSON.stringify(body[field])}, sent as ${JSON.stringify(sent.input[field])}`, expected: JSON.stringify(sent.input[field]), actual: JSON.stringify(body[field]), exchange: sent.exchange };
    }
  }
  return { ok: true };
}

/** 2.1: the bank is linked to the User it was created for. */
export function judgeLinkedUser(sent: Creation): Verdict {
  const body = answer(sent);
  if (!isSuccess(sent.exchange) || !body) return vacuous('no User Bank in the answer');
  if (body.user_id !== sent.input.user_id) {
    return { ok: false, problem: `the bank was created for user_id ${JSON.stringify(sent.input.user_id)} and answered as linked to ${JSON.stringify(body.user_id)}`, expected: JSON.stringify(sent.input.user_id), actual: JSON.stringify(body.user_id), exchange: sent.exchange };
  }
  return { ok: true };
}

/** 2.1: created_at is the time of creation: close to when the request was made. */
export function judgeCreatedAt(sent: Creation): Verdict {
  const body = answer(sent);
  if (!isSuccess(sent.exchange) || !body || typeof body.created_at !== 'string') return vacuous('no created_at string in the answer');
  const at = Date.parse(body.created_at);
  if (Number.isNaN(at)) return vacuous('created_at is not a date-time (the schema check reports it)');
  const off = at < sent.sentAt ? sent.sentAt - at : Math.max(0, at - sent.answeredAt);
  const words = `created_at ${body.created_at} is ${formatDuration(off)} ${at < sent.sentAt ? 'before the request was sent' : 'after the answer came'}`;
  if (off > CREATED_AT_FAIL_MS) return { ok: false, problem: `${words}: not the time of this creation`, expected: `within ${formatDuration(CREATED_AT_FAIL_MS)} of ${new Date(sent.sentAt).toISOString()}`, actual: body.created_at, exchange: sent.exchange };
  if (off > CREATED_AT_WARN_MS) return { ok: true, warning: { key: 'clock', message: `${words} (clock skew of the target?)`, exchange: sent.exchange } };
  return { ok: true };
}

/** RFC 9110: a creation answers 201 Created, or 200 OK (both are conformant). */
export function judgeCreateStatus(sent: Creation): Verdict {
  const { status } = sent.exchange;
  if (!isSuccess(sent.exchange) || status === 200 || status === 201) return { ok: true };
  return { ok: false, problem: `a creation was answered ${status}`, expected: '201 or 200', actual: String(status), exchange: sent.exchange };
}

/**
 * 2.1: the created bank is kept: it appears exactly once in the User's list, with the values it was
 * created with. A replica may list it late: the list is read again, backing off, until the settle
 * window (--settle-ms) has passed since the answer.
 */
export async function judgePersisted(t: Probe, sent: Creation): Promise<Verdict> {
  const body = answer(sent);
  const id = body ? idOf(body) : undefined;
  if (!isSuccess(sent.exchange) || !body || id === undefined) return vacuous('no created id to look for');
  const { listing, lagMs } = await untilListed(
    t,
    sent.answeredAt,
    (after) => listBanksSince(t, sent.input.user_id, after),
    (l) => !l.complete || l.banks.some((bank) => idOf(bank) === id),
  );
  const found = listing.banks.filter((bank) => idOf(bank) === id);
  if (found.length === 0) {
    if (!listing.complete) return vacuous(`the listing could not be read to its end (${listing.walk.detail ?? listing.walk.end})`);
    return {
      ok: false,
      problem: `the created User Bank ${id} is not in GET /user_banks?user_id=... (${listing.banks.length} banks listed for that user) ${Math.round((Date.now() - sent.answeredAt) / 1000)} s after its creation was answered (settle window --settle-ms ${t.settings.settleMs ?? 5000})`,
      expected: `bank ${id} listed once`,
      actual: 'not listed',
      exchange: sent.exchange,
    };
  }
  if (found.length > 1) return { ok: false, problem: `the created User Bank ${id} is listed ${found.length} times`, expected: 'listed once', actual: `${found.length} times`, exchange: sent.exchange };
  const listed = found[0] as Record<string, unknown>;
  for (const field of IMMUTABLE_BANK_FIELDS) {
    const same = field === 'created_at' ? sameInstant(listed[field], body[field]) : listed[field] === body[field];
    if (!same) {
      return { ok: false, problem: `bank ${id} is listed with ${field} ${JSON.stringify(listed[field])} but was created with ${JSON.stringify(body[field])}`, expected: JSON.stringify(body[field]), actual: JSON.stringify(listed[field]), exchange: sent.exchange };
    }
  }
  const slow = slowListingWarning(t, lagMs);
  if (slow !== undefined) return { ok: true, warning: { key: 'listing-lag', message: slow, exchange: sent.exchange } };
  return { ok: true };
}

function sameInstant(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return a === b;
  return a === b || Date.parse(a) === Date.parse(b);
}

function formatDuration(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

export const describeBody = (body: unknown): string => JSON.stringify(body);
