/**
 * What a valid create body (4.1) must give, one judge per requirement, each over a Sent answer
 * shared by every property (src/methods/property/send-cache.ts). A judge holds vacuously where another
 * check owns the problem (a non-2xx answer is the schema check's finding), so one defect gives one
 * fail from the check aimed at it.
 */
import { isServerError, isSuccess } from '../../http/exchange.js';
import type { CreateBody } from '../../core/domain/user-bank.js';
import { IMMUTABLE_BANK_FIELDS } from '../../core/domain/user-bank.js';
import { describeViolations, validate } from '../../contract/schema/validator.js';
import { parseIso8601DateTime, sameInstant } from '../../core/domain/iso8601.js';
import { violatedRequirements } from '../../contract/schema/violated-requirements.js';
import type { Probe } from '../../harness/probe.js';
import { wholeSettleMs } from '../../harness/settings.js';
import { slowListingWarning, untilListed } from '../../harness/settle.js';
import { idOf, listBanksSince, notPlaced } from '../steps/bank-listing.js';
import type { Verdict } from './run-property.js';
import type { Sent } from './send-cache.js';

export type Creation = Sent<CreateBody>;

/**
 * created_at is "Time of creation" (2.1). The right clock to compare it with is the server's own: the
 * Date header of the same answer (RFC 9110 6.6.1, one-second resolution). More than
 * CREATED_AT_SERVER_MS apart is a fail: no queue or clock drift inside one service puts its own
 * stamp minutes from its own clock, while a time-zone bug puts it whole hours off.
 * Without a usable Date header only the suite's clock is left, which is not the target's: then the
 * MUST-level bound is a day either way, and more than a few minutes off is only worth a warn.
 */
export const CREATED_AT_SERVER_MS = 2 * 60_000;
export const CREATED_AT_FAIL_MS = 24 * 3_600_000;
export const CREATED_AT_WARN_MS = 15 * 60_000;
/** The Date header is whole seconds, and may be stamped just before or after created_at. */
const DATE_HEADER_RESOLUTION_MS = 1_000;

const answer = (sent: Creation): Record<string, unknown> | undefined =>
  sent.exchange.json !== null && typeof sent.exchange.json === 'object' && !Array.isArray(sent.exchange.json)
    ? (sent.exchange.json as Record<string, unknown>)
    : undefined;

const vacuous = (why: string): Verdict => ({ ok: true, unproven: why });

/**
 * The statement of 4.1 that a refusal of a valid body breaks, read from its status (RFC 9110 15.5):
 * 404 and 405 say the target has no POST /user_banks ("Method and path"), 400, 415 and 422 that it
 * refused the body 4.1 lists ("Request body (JSON object)"). Each also breaks 4.1's answer; another
 * status names that alone.
 */
const REFUSED_STATEMENT: Record<number, string> = {
  404: 'create_user_bank.operation',
  405: 'create_user_bank.operation',
  400: 'create_user_bank.body_object',
  415: 'create_user_bank.body_object',
  422: 'create_user_bank.body_object',
};

/** 4.1: a User Bank object with all its fields (schemas/user-bank.schema.json), after a 2xx. */
export function judgeSchema(sent: Creation): Verdict {
  const { exchange } = sent;
  if (!isSuccess(exchange)) {
    const kind = isServerError(exchange) ? 'a server error' : 'a refusal';
    const statement = REFUSED_STATEMENT[exchange.status];
    return {
      ok: false,
      problem: `a valid body (every member in its documented format) was answered ${exchange.status}, ${kind}`,
      expected: '2xx',
      actual: String(exchange.status),
      exchange,
      ...(statement !== undefined ? { requirements: [statement, 'create_user_bank.response'] } : {}),
    };
  }
  if (exchange.jsonError !== undefined || exchange.bodyText.length === 0) {
    return {
      ok: false,
      problem: 'the 2xx answer is not a JSON body',
      expected: 'a JSON User Bank',
      actual: exchange.bodyText.slice(0, 80),
      exchange,
    };
  }
  const violations = validate('user-bank', exchange.json);
  if (violations.length > 0) {
    // The fields that broke, and 4.1's "one User Bank object (section 2.1) with all its fields".
    const fields = violatedRequirements('user-bank', violations);
    const requirements = fields ? [...fields, 'create_user_bank.response'] : fields;
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
      return {
        ok: false,
        problem: `${field} came back as ${JSON.stringify(body[field])}, sent as ${JSON.stringify(sent.input[field])}`,
        expected: JSON.stringify(sent.input[field]),
        actual: JSON.stringify(body[field]),
        exchange: sent.exchange,
      };
    }
  }
  return { ok: true };
}

/** 2.1: the bank is linked to the User it was created for. */
export function judgeLinkedUser(sent: Creation): Verdict {
  const body = answer(sent);
  if (!isSuccess(sent.exchange) || !body) return vacuous('no User Bank in the answer');
  if (body.user_id !== sent.input.user_id) {
    return {
      ok: false,
      problem: `the bank was created for user_id ${JSON.stringify(sent.input.user_id)} and answered as linked to ${JSON.stringify(body.user_id)}`,
      expected: JSON.stringify(sent.input.user_id),
      actual: JSON.stringify(body.user_id),
      exchange: sent.exchange,
    };
  }
  return { ok: true };
}

/** 2.1: created_at is the time of creation: close to the server's clock when it answered (or, without one, to ours). */
export function judgeCreatedAt(sent: Creation): Verdict {
  const body = answer(sent);
  if (!isSuccess(sent.exchange) || !body || typeof body.created_at !== 'string') return vacuous('no created_at string in the answer');
  const parsed = parseIso8601DateTime(body.created_at);
  if (parsed === undefined) return vacuous('created_at is not an ISO 8601 date-time (the schema check reports it)');
  // A local time (no offset) names no instant: only a wall clock no further than any zone is from UTC can be the time of creation.
  if (parsed.local) return judgeLocalCreatedAt(sent, body.created_at, parsed.ms);
  const at = parsed.ms;
  const dateHeader = sent.exchange.headers.date;
  const serverNow = dateHeader === undefined ? Number.NaN : Date.parse(dateHeader);
  if (!Number.isNaN(serverNow)) {
    const offset = at - serverNow;
    if (Math.abs(offset) <= CREATED_AT_SERVER_MS + DATE_HEADER_RESOLUTION_MS) return { ok: true };
    return {
      ok: false,
      problem: `created_at ${body.created_at} is ${describeOffset(offset)} the server's own clock (Date: ${dateHeader}): not the time of this creation${likelyTimeZone(offset) ? ', a time-zone bug?' : ''}`,
      expected: `within ${formatDuration(CREATED_AT_SERVER_MS)} of the answer's Date header ${new Date(serverNow).toISOString()}`,
      actual: body.created_at,
      exchange: sent.exchange,
    };
  }
  const off = at < sent.sentAt ? sent.sentAt - at : Math.max(0, at - sent.answeredAt);
  const words = `created_at ${body.created_at} is ${formatDuration(off)} ${at < sent.sentAt ? 'before the request was sent' : 'after the answer came'} (the answer has no Date header, so the suite's clock is the reference)`;
  if (off > CREATED_AT_FAIL_MS)
    return {
      ok: false,
      problem: `${words}: not the time of this creation`,
      expected: `within ${formatDuration(CREATED_AT_FAIL_MS)} of ${new Date(sent.sentAt).toISOString()}`,
      actual: body.created_at,
      exchange: sent.exchange,
    };
  if (off > CREATED_AT_WARN_MS)
    return { ok: true, warning: { key: 'clock', message: `${words} (clock skew of the target?)`, exchange: sent.exchange } };
  return { ok: true };
}

/** "5 h 0 min ahead of", "3 min 20 s behind": how far created_at is from the server's clock, and which way. */
export function describeOffset(offsetMs: number): string {
  const ms = Math.abs(offsetMs);
  const way = offsetMs > 0 ? 'ahead of' : 'behind';
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  if (hours >= 48) return `${Math.round(ms / 86_400_000)} days ${way}`;
  return hours > 0 ? `${hours} h ${minutes} min ${way}` : `${minutes} min ${seconds} s ${way}`;
}

/** Time zones are whole hours from UTC, or half or quarter hours: an offset near one of those (within 2 min, under 15 h) looks like one. */
function likelyTimeZone(offsetMs: number): boolean {
  const ms = Math.abs(offsetMs);
  if (ms > 15 * 3_600_000) return false;
  const quarter = 15 * 60_000;
  const rest = ms % quarter;
  return Math.min(rest, quarter - rest) <= CREATED_AT_SERVER_MS;
}

/** RFC 9110: a creation answers 201 Created, or 200 OK (both are conformant). */
export function judgeCreateStatus(sent: Creation): Verdict {
  const { status } = sent.exchange;
  if (!isSuccess(sent.exchange) || status === 200 || status === 201) return { ok: true };
  return {
    ok: false,
    problem: `a creation was answered ${status}`,
    expected: '201 or 200',
    actual: String(status),
    exchange: sent.exchange,
  };
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
    if (!listing.complete) return vacuous(notPlaced(listing));
    return {
      ok: false,
      problem: `the created User Bank ${id} is not in GET /user_banks?user_id=... (${listing.banks.length} banks listed for that user) ${Math.round((Date.now() - sent.answeredAt) / 1000)} s after its creation was answered (settle window --settle-ms ${wholeSettleMs(t.settings)})`,
      expected: `bank ${id} listed once`,
      actual: 'not listed',
      exchange: sent.exchange,
    };
  }
  if (found.length > 1)
    return {
      ok: false,
      problem: `the created User Bank ${id} is listed ${found.length} times`,
      expected: 'listed once',
      actual: `${found.length} times`,
      exchange: sent.exchange,
    };
  const listed = found[0] as Record<string, unknown>;
  for (const field of IMMUTABLE_BANK_FIELDS) {
    const same = field === 'created_at' ? sameInstant(listed[field], body[field]) : listed[field] === body[field];
    if (!same) {
      return {
        ok: false,
        problem: `bank ${id} is listed with ${field} ${JSON.stringify(listed[field])} but was created with ${JSON.stringify(body[field])}`,
        expected: JSON.stringify(body[field]),
        actual: JSON.stringify(listed[field]),
        exchange: sent.exchange,
      };
    }
  }
  const slow = slowListingWarning(t, lagMs);
  if (slow !== undefined) return { ok: true, warning: { key: 'listing-lag', message: slow, exchange: sent.exchange } };
  return { ok: true };
}

/** The widest distance of a zone's wall clock from UTC (UTC+14), and a little for the round trip. */
const ANY_ZONE_MS = 14 * 3_600_000 + 60_000;

function judgeLocalCreatedAt(sent: Creation, createdAt: string, wallMs: number): Verdict {
  const off = Math.max(sent.sentAt - wallMs, wallMs - sent.answeredAt, 0);
  if (off <= ANY_ZONE_MS) return { ok: true };
  return {
    ok: false,
    problem: `created_at ${createdAt} (a local time, no offset) is ${formatDuration(off)} from this creation: further than any time zone is from UTC`,
    expected: 'a wall clock within 14 hours of the creation',
    actual: createdAt,
    exchange: sent.exchange,
  };
}

function formatDuration(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

export const describeBody = (body: unknown): string => JSON.stringify(body);
