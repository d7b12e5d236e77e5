/**
 * The unusual requests of a run, sent once (the first check that asks sends them, side by side and
 * bounded) and shared: robustness.unusual-requests-no-5xx judges their statuses, and the absence
 * proofs of suites/refused-writes.ts judge that the refused ones stored nothing. Writes go out
 * after the run's listing of the User "before" (src/methods/steps/refused-writes.ts), so a bank found after
 * the settle window with a refused request's account number can only be that request's.
 */
import fc from 'fast-check';
import type { Exchange } from '../../http/exchange.js';
import { isHttpError } from '../../http/errors.js';
import { inPool } from '../../harness/in-pool.js';
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { crossCallerWrite } from '../steps/cross-caller-write.js';
import { listingBeforeRefusedWrites } from '../steps/refused-writes.js';
import { createGrammar, type GrammarCoverage } from './create-grammar.js';
import { filterNearMisses } from './filter-near-misses.js';
import { budgetAtTargetRate } from '../../http/budget-at-target-rate.js';
import { readGrammar, type ReadGrammarCoverage, type ReadMaterials, READ_GRAMMAR_BUDGET } from './read-grammar.js';
import { isWrite, systematicUnusualRequests, unusualRequest, type UnusualRequest } from './unusual-request.js';

/**
 * Random draws of the screen, after the systematic core, the create grammar's covering array, the
 * filters' near-misses and the read grammar's covering array (src/methods/robustness/read-grammar.ts, its own
 * budget): about 40 when the examples are about 110, as before the read grammar.
 */
export const ROBUSTNESS_RUNS = 150;

export interface Screened {
  request: UnusualRequest;
  /** The answer; undefined when the request was not sent (the write budget is spent). */
  exchange?: Exchange;
}

const screens = perRun(() => ({
  /** The plan made ahead of the check (undefined in it: a live value was missing then, see plan). */
  aheadPlan: undefined as Promise<UnusualRequest[] | undefined> | undefined,
  /** The answers of the reads sent ahead, by their index in that plan. */
  aheadAnswers: new Map<number, Screened>(),
  /** The read-ahead's sending, which stops at its next request once the check has reached its place. */
  aheadSending: undefined as Promise<void> | undefined,
  /** The check has reached its place (or the absence proofs asked): nothing more is read ahead. */
  due: false,
  screen: undefined as Promise<Screened[]> | undefined,
  /** The read grammar's requests and coverage, once its live values were read (in the screen). */
  readGrammar: undefined as ReturnType<typeof readGrammar> | undefined,
}));

/**
 * The target's rate, not the run's slots, bounds it: it throttled, or --rate-limit is set. Then a
 * read-ahead takes the rate the long chain it would fill needs (on a busy staging, a walk that must
 * outpace another writer), so nothing more is read ahead, and the plan is the check's place's, with
 * the read grammar's budget at the rate the target admits by then (budgetAtTargetRate); the answers
 * read ahead before the first 429 serve the same requests of that plan.
 */
function rateBound(t: Probe): boolean {
  const { throttled, ceiling } = t.run.client.throttleStats();
  return throttled > 0 || ceiling !== null;
}

export function unusualArbitrary(t: Probe): fc.Arbitrary<UnusualRequest> {
  return unusualRequest(t.settings.userIdA, !t.settings.readOnly);
}

export function unusualExamples(t: Probe): UnusualRequest[] {
  const writes = !t.settings.readOnly;
  return [
    ...systematicUnusualRequests(t.settings.userIdA, writes),
    ...filterNearMisses(t.settings.userIdA),
    ...(writes ? createGrammar(t.settings.userIdA, t.settings.seed).requests : []),
    ...(screens(t.run.client).readGrammar?.requests ?? []),
  ];
}

/** What the read grammar covered, once the screen has sent it. */
export function readGrammarCoverage(t: Probe): ReadGrammarCoverage | undefined {
  return screens(t.run.client).readGrammar?.coverage;
}

/** A next_cursor of GET /user_banks?limit=1 for one caller: the grammar's valid (and another caller's) cursor. */
async function firstCursor(t: Probe, auth: 'a' | 'b'): Promise<string | undefined> {
  const page = await t.request({ path: '/user_banks', query: { limit: 1 }, auth });
  const next = (page.json as { next_cursor?: unknown } | undefined)?.next_cursor;
  return typeof next === 'string' && next !== '' ? next : undefined;
}

async function readMaterials(t: Probe): Promise<ReadMaterials> {
  const { tokenA, tokenB, userIdA, userIdB } = t.settings;
  const hasCallerB = tokenB !== undefined && userIdB !== undefined && tokenB !== tokenA && userIdB !== userIdA;
  // Two independent reads: side by side.
  const [cursorA, cursorB] = await Promise.all([firstCursor(t, 'a'), hasCallerB ? firstCursor(t, 'b') : undefined]);
  return {
    userIdA,
    hasCallerB,
    ...(hasCallerB ? { userIdB } : {}),
    ...(cursorA !== undefined ? { cursorA } : {}),
    ...(cursorB !== undefined ? { cursorB } : {}),
  };
}

/** What the create grammar covered (components, classes, pairs), or undefined in read-only mode. */
export function grammarCoverage(t: Probe): GrammarCoverage | undefined {
  return t.settings.readOnly ? undefined : createGrammar(t.settings.userIdA, t.settings.seed).coverage;
}

/** Sends one unusual request; undefined when it is a write the budget no longer allows. */
export async function sendUnusual(t: Probe, request: UnusualRequest, ahead?: { whenIdle: boolean }): Promise<Exchange | undefined> {
  const options = {
    method: request.method,
    path: request.path,
    ...(request.headers ? { headers: request.headers } : {}),
    ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : {}),
    ...(request.auth !== undefined ? { auth: request.auth } : {}),
    ...(request.describesNoResource === true ? { describesNoResource: true } : {}),
    // Whichever check sends it first (the absence proofs may, in a shard), a bank it makes is this.
    purpose: 'unusual but legal create requests',
  };
  try {
    // Read ahead, the exchange becomes the check's evidence once the check asks (screenUnusualRequests).
    return ahead ? await t.run.client.send({ ...options, ...(ahead.whenIdle ? { whenIdle: true } : {}) }) : await t.request(options);
  } catch (error) {
    if (isHttpError(error) && isWrite(request) && error.code === 'WRITE_BUDGET') return undefined;
    throw error;
  }
}

/**
 * The run's unusual requests, the read grammar's live values read first. Planned ahead of the check
 * (`ahead`), a value missing from the list as it is then (a caller's list of one User Bank has no
 * next_cursor yet) leaves the plan to the check's place, where the writes before it may have given
 * one: reading ahead never narrows the grammar.
 */
async function plan(t: Probe, ahead: boolean): Promise<UnusualRequest[] | undefined> {
  const holder = screens(t.run.client);
  const materials = await readMaterials(t);
  if (ahead && (materials.cursorA === undefined || (materials.hasCallerB && materials.cursorB === undefined))) return undefined;
  const budget = budgetAtTargetRate(READ_GRAMMAR_BUDGET, t.run.client.throttleStats());
  holder.readGrammar = readGrammar(materials, t.settings.seed, budget);
  const examples = unusualExamples(t);
  return [
    ...examples,
    ...fc.sample(unusualArbitrary(t), {
      seed: t.settings.seed,
      numRuns: Math.max(0, ROBUSTNESS_RUNS - (examples.length - holder.readGrammar.requests.length)),
    }),
  ];
}

/**
 * The read-ahead of robustness.unusual-requests-no-5xx (src/harness/phases.ts, READS_AHEAD_WITH): the
 * plan and its reads (GET, HEAD), side by side in the slots the run leaves idle, until the check
 * reaches its place, the run stops or the target turns out to bound the rate; what is not sent by
 * then is sent at the check's place. Nothing here writes.
 */
export async function readUnusualAhead(t: Probe, stopped: () => boolean): Promise<void> {
  const holder = screens(t.run.client);
  if (holder.due || rateBound(t)) return;
  holder.aheadPlan ??= plan(t, true);
  const requests = await holder.aheadPlan;
  if (requests === undefined) return;
  const reads = [...requests.keys()].filter((index) => !isWrite(requests[index] as UnusualRequest));
  let next = 0;
  let failed = false;
  const lane = async (): Promise<void> => {
    while (next < reads.length && !failed && !stopped() && !holder.due && !rateBound(t)) {
      const index = reads[next] as number;
      next += 1;
      const request = requests[index] as UnusualRequest;
      try {
        const exchange = await sendUnusual(t, request, { whenIdle: true });
        if (exchange !== undefined) holder.aheadAnswers.set(index, { request, exchange });
      } catch {
        // Sent again at the check's place, where what goes wrong is the check's to report.
        failed = true;
      }
    }
  };
  holder.aheadSending = Promise.all(Array.from({ length: Math.max(1, t.settings.concurrency) }, lane)).then(() => undefined);
  await holder.aheadSending;
}

/** What identifies a request: one answer to it is an answer to the same request in another plan. */
const keyOf = (r: UnusualRequest): string => JSON.stringify([r.method, r.path, r.headers ?? null, r.rawBody ?? null, r.auth ?? null]);

/**
 * The answers read ahead that answer requests of a plan made anew (the target throttled since: a
 * smaller read grammar, mostly the same requests), by their index in the new plan; each answer
 * serves one request, so a request the new plan holds twice is sent again.
 */
function sameRequests(requests: UnusualRequest[], aheadAnswers: Map<number, Screened>): Map<number, Screened> {
  const byKey = new Map<string, Screened[]>();
  for (const answer of aheadAnswers.values()) {
    const key = keyOf(answer.request);
    byKey.set(key, [...(byKey.get(key) ?? []), answer]);
  }
  const reused = new Map<number, Screened>();
  requests.forEach((request, index) => {
    const answer = isWrite(request) ? undefined : byKey.get(keyOf(request))?.shift();
    if (answer) reused.set(index, { request, ...(answer.exchange ? { exchange: answer.exchange } : {}) });
  });
  return reused;
}

/** The run's unusual requests and their answers, sent on first use. */
export function screenUnusualRequests(t: Probe): Promise<Screened[]> {
  const holder = screens(t.run.client);
  holder.due = true;
  holder.screen ??= (async () => {
    // The read-ahead stops at its next request; the ones in flight are answered first.
    await holder.aheadSending;
    const aheadPlan = await holder.aheadPlan?.catch(() => undefined);
    const ahead = rateBound(t) ? undefined : aheadPlan;
    const requests = ahead ?? ((await plan(t, false)) as UnusualRequest[]);
    const answered = ahead !== undefined ? holder.aheadAnswers : sameRequests(requests, holder.aheadAnswers);
    const writes = [...requests.keys()].filter((index) => isWrite(requests[index] as UnusualRequest));
    if (writes.length > 0) {
      await listingBeforeRefusedWrites(t);
      // The unusual creates take what is left of the write budget, never the slot of an aimed check's
      // write: caller B's write on A's User (judged in refused-writes.test.ts, after this) goes first.
      const { tokenA, tokenB, userIdA, userIdB } = t.settings;
      if (tokenB !== undefined && userIdB !== undefined && tokenB !== tokenA && userIdB !== userIdA)
        await crossCallerWrite(t).catch(() => undefined);
    }
    // The writes go out first: the absence proofs wait out the settle window from the run's latest
    // write, so the reads sent after them (those not read ahead) count towards it. Each request is
    // judged alone, and the answers keep the requests' order.
    const reads = [...requests.keys()].filter((index) => !isWrite(requests[index] as UnusualRequest) && !answered.has(index));
    const order = [...writes, ...reads];
    const sent = await inPool(order, t.settings.concurrency, async (index): Promise<Screened> => {
      const request = requests[index] as UnusualRequest;
      const exchange = await sendUnusual(t, request);
      return exchange === undefined ? { request } : { request, exchange };
    });
    const screened = new Array<Screened>(requests.length);
    order.forEach((index, at) => (screened[index] = sent[at] as Screened));
    for (const [index, answer] of answered) {
      screened[index] = answer;
      // Sent ahead through the client, they are this check's evidence all the same.
      if (answer.exchange) t.attach(answer.exchange);
    }
    return screened;
  })();
  return holder.screen;
}
