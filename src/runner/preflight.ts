/**
 * A few reads before any check, so that the user's own mistakes come out as one sentence and exit 2
 * instead of a NON-CONFORMANT verdict that blames the server: an unreachable target, a target that
 * throttles everything, a wrong token, a User that does not exist, a base URL without its path
 * prefix. Every read is kept (redacted) for the report, whatever the outcome.
 *
 * What stays for the checks to judge: any answer that a correct configuration could also get from a
 * broken server and that leaves the run something to test. A token refused by one operation but
 * accepted by another is a good token and a server defect (auth checks, schema checks). Only a token
 * refused by every read is called the user's: from outside, a wrong token and a server that refuses
 * every valid token look exactly alike, and with a wrong token none of the checks could say anything
 * true about the server. So the sentence names both readings, the run stops at exit 2 (never a pass),
 * and the report keeps the reads that show it. Likewise the configured User is called missing only
 * when the same token was accepted elsewhere; and the path-prefix hint needs every operation to answer
 * 404, which no server that serves the API's paths does.
 */
import { HttpClient, type AuthChoice } from '../http/client.js';
import { targetOptionsFrom } from '../http/client-options.js';
import { bankLinkingApi } from '../contract/operations/bank-linking-api.js';
import { isHttpError } from '../http/errors.js';
import { isTransientRefusal } from '../http/transient.js';
import { utcClock } from '../core/domain/utc-clock.js';
import { toEvidence, type ExchangeEvidence } from '../http/evidence.js';
import type { Exchange } from '../http/exchange.js';
import type { Redactor } from '../http/redact.js';
import { toTrafficRecord, type TrafficRecord } from '../http/traffic-record.js';
import type { RunSettings } from '../harness/settings.js';
import type { UserChoice } from '../results/results.js';
import { chooseUser } from './user-choice.js';

export interface PreflightResult {
  /** The reads, redacted, in the order answered (as numbered; results.json `preflight`). */
  exchanges: ExchangeEvidence[];
  /** The sentence that stops the run (exit 2), when the configuration cannot be right. */
  refusal?: string;
  /** The callers whose token a read accepted (2xx): a 401 to that token later in the run means it expired. */
  accepted: { a: boolean; b: boolean };
  /** How many exchanges the preflight sent: the checks' are numbered after them. */
  sent: number;
  /** The reads as the HAR shows them (the first entries of the run's traffic). */
  records: TrafficRecord[];
  /** When --user-id named several Users: the one the run writes to, and why. */
  userChoice?: UserChoice;
}

interface Read {
  path: string;
  query?: Record<string, string | number>;
  auth: AuthChoice;
  /** The status, or undefined when the read got no usable answer. */
  status?: number;
  /** Why no answer came, when the target could not be reached or throttled (the sentence that stops the run if every read fails so). */
  unreachable?: string;
  /** It met only transient refusals while nothing else was served (src/http/availability.ts). */
  unavailable?: boolean;
}

const refused = (status: number | undefined): boolean => status === 401 || status === 403;
const ok = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

/** The checks' settings after the preflight: their exchanges numbered after its reads, a command's token known to work or not. */
export function afterPreflight(settings: RunSettings, checked: PreflightResult): RunSettings {
  const served = (caller: 'a' | 'b') => {
    const state = settings.tokenCommands?.[caller];
    return state === undefined ? {} : { [caller]: { ...state, served: checked.accepted[caller] } };
  };
  return {
    ...settings,
    ...(checked.userChoice ? { userIdA: checked.userChoice.chosen, userChoice: checked.userChoice } : {}),
    seqFrom: checked.sent,
    ...(settings.tokenCommands !== undefined ? { tokenCommands: { ...served('a'), ...served('b') } } : {}),
  };
}

export async function preflight(settings: RunSettings, redactor: Redactor): Promise<PreflightResult> {
  const exchanges: Exchange[] = [];
  const client = new HttpClient({
    ...targetOptionsFrom(settings),
    api: bankLinkingApi,
    // A caller's reads are independent of one another: side by side (a remote target's round trips).
    concurrency: 3,
    readOnly: true,
    maxWrites: 0,
    maxRetryAfterMs: 5_000,
    maxThrottleRetries: 2,
    throttleBudgetMs: 10_000,
    onExchange: (exchange) => exchanges.push(exchange),
  });
  const accepted = { a: false, b: false };
  let userChoice: UserChoice | undefined;
  const done = (refusal?: string): PreflightResult => ({
    ...(userChoice ? { userChoice } : {}),
    exchanges: exchanges.map((e) => toEvidence(e, redactor)),
    ...(refusal !== undefined ? { refusal } : {}),
    accepted,
    sent: exchanges.length,
    records: exchanges.map((e) => toTrafficRecord(e, redactor, undefined)),
  });
  const userPath = (id: string): string => `/users/${encodeURIComponent(id)}`;
  try {
    // Several Users named: counted first, so every read below is of the one the run will write to.
    if (settings.userIdsA !== undefined && settings.userIdsA.length > 1) userChoice = await chooseUser(client, settings.userIdsA);
    const userIdA = userChoice?.chosen ?? settings.userIdA;
    const a: Read[] = [
      { path: userPath(userIdA), auth: 'a' },
      { path: '/user_banks', query: { limit: 1 }, auth: 'a' },
      { path: '/rfp_registrations', auth: 'a' },
    ];
    const startedAt = Date.now();
    await Promise.all(a.map((read) => send(client, read, settings.baseUrl)));
    // One operation that times out or is throttled is for its checks to judge (inconclusive);
    // a target that gives no read an answer stops the run here.
    if (a.every((read) => read.unavailable === true)) return done(downSentence(client, settings.baseUrl, startedAt));
    if (a.every((read) => read.unreachable !== undefined)) return done(a[0]?.unreachable as string);
    accepted.a = a.some((read) => ok(read.status));
    const chosen = { ...settings, userIdA };
    const refusalA = await unlessUserShown(judgeCaller(a, chosen, 'a'), client, userIdA, 'a');
    if (refusalA) return done(refusalA);

    if (settings.tokenB !== undefined) {
      const b: Read[] = [
        ...(settings.userIdB !== undefined ? [{ path: userPath(settings.userIdB), auth: 'b' as const }] : []),
        { path: '/rfp_registrations', auth: 'b' },
      ];
      await Promise.all(b.map((read) => send(client, read, settings.baseUrl)));
      accepted.b = b.some((read) => ok(read.status));
      const refusalB = await unlessUserShown(judgeCaller(b, settings, 'b'), client, settings.userIdB, 'b');
      if (refusalB) return done(refusalB);
    }
    return done();
  } finally {
    await client.close();
  }
}

/** Sends one read and notes its status, or why no answer came. */
async function send(client: HttpClient, read: Read, baseUrl: string): Promise<void> {
  try {
    const exchange = await client.send({ path: read.path, ...(read.query ? { query: read.query } : {}), auth: read.auth });
    read.status = exchange.status;
  } catch (error) {
    if (isHttpError(error) && error.code === 'TLS') {
      // The message says which (untrusted, expired, another host) and what to do; not "check --base-url".
      read.unreachable = `could not connect to the target over TLS: ${error.message}`;
    } else if (isHttpError(error) && (error.code === 'CONNECTION' || error.code === 'TIMEOUT')) {
      read.unreachable = `could not reach the target at ${baseUrl} (${error.message}); check --base-url and that the server is running`;
    } else if (isHttpError(error) && error.code === 'THROTTLED') {
      read.unreachable = `the target at ${baseUrl} throttles every request (${error.message})`;
    } else if (isHttpError(error) && error.code === 'UNAVAILABLE') {
      read.unreachable = error.message;
      read.unavailable = true;
    }
    // Any other failure (a huge body) is for the checks to judge.
  }
}

/** What a target that answered every read with a transient refusal answered, in one sentence. */
function downSentence(client: HttpClient, baseUrl: string, since: number): string {
  const refused = client.log.filter((e) => isTransientRefusal(e.status));
  const statuses = [...new Set(refused.map((e) => e.status))].sort().join(', ');
  return (
    `the target at ${baseUrl} answered ${statuses || 'transient refusals'} to ${refused.length} of ${client.log.length} requests ` +
    `from ${utcClock(since)}: it looks down or in maintenance; run again when it is up`
  );
}

/** A refusal of the configuration, and whether it is the one of a User the target does not show. */
interface Refusal {
  sentence: string;
  userNotShown?: true;
}

/**
 * The refusal stands, unless it says the User does not exist while the caller's own list shows a User
 * Bank linked to that User: then the User exists by the target's own word, GET /users/{id} refusing
 * it is the server's answer for the checks to judge, and the run goes on.
 */
async function unlessUserShown(
  refusal: Refusal | undefined,
  client: HttpClient,
  userId: string | undefined,
  caller: 'a' | 'b',
): Promise<string | undefined> {
  if (refusal === undefined) return undefined;
  if (refusal.userNotShown !== true || userId === undefined) return refusal.sentence;
  try {
    const listed = await client.send({ path: '/user_banks', query: { user_id: userId, limit: 1 }, auth: caller });
    const data = (listed.json as { data?: unknown } | undefined)?.data;
    const linked = ok(listed.status) && Array.isArray(data) && data.some((item) => (item as { user_id?: unknown })?.user_id === userId);
    return linked ? undefined : refusal.sentence;
  } catch {
    return refusal.sentence;
  }
}

function judgeCaller(reads: Read[], settings: RunSettings, caller: 'a' | 'b'): Refusal | undefined {
  // Named as the user gave them: a token from the environment is not "--token".
  const named = (flag: string): string => settings.settingOrigins?.[flag] ?? `--${flag}`;
  const tokenFlag = named(
    caller === 'a' ? (settings.tokenCommands?.a ? 'token-command' : 'token') : settings.tokenCommands?.b ? 'token-b-command' : 'token-b',
  );
  const userFlag = named(caller === 'a' ? 'user-id' : 'user-id-b');
  const userId = caller === 'a' ? settings.userIdA : settings.userIdB;
  const answered = reads.filter((r) => r.status !== undefined);
  const paths = reads.map((r) => `GET ${r.path.startsWith('/users/') ? '/users/{id}' : r.path}`).join(', ');
  if (answered.length === reads.length && caller === 'a' && reads.every((r) => r.status === 404)) {
    return {
      sentence:
        `every operation answered 404 at ${settings.baseUrl} (${paths}): the base URL may lack the API's path prefix ` +
        `(like https://staging.example.com/v1); check --base-url`,
    };
  }
  if (answered.length === reads.length && reads.every((r) => refused(r.status))) {
    const statuses = [...new Set(reads.map((r) => r.status))].join(' and ');
    return {
      sentence:
        `the target refused ${tokenFlag} with ${statuses}: check the token (${paths} all refused it; ` +
        `if the token is right, the server refuses valid tokens, which no check can judge past)`,
    };
  }
  const user = reads.find((r) => r.path.startsWith('/users/'));
  const accepted = reads.some((r) => ok(r.status));
  if (user && accepted && (user.status === 404 || user.status === 403 || user.status === 400)) {
    return {
      sentence:
        `the User "${userId}" of ${userFlag} is not one the target shows to that caller (GET /users/{id} answered ${user.status}, ` +
        `while the same token was accepted elsewhere, and the caller's list links no User Bank to it): give an existing User of the caller of ${tokenFlag}`,
      userNotShown: true,
    };
  }
  return undefined;
}
