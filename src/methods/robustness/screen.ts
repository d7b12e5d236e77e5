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
  /** The answers of the read-only ones (GET, HEAD), by their index in the plan. */
  reads: undefined as Promise<Map<number, Screened>> | undefined,
  /** Whether the reads were sent ahead of the check (their exchanges are its evidence all the same). */
  readAhead: false,
  /** The check has reached its place: reads not yet sent go as any request, not only in idle slots. */
  due: false,
  screen: undefined as Promise<Screened[]> | undefined,
  /** The read grammar's requests and coverage, once its live values were read (in the screen). */
  readGrammar: undefined as ReturnType<typeof readGrammar> | undefined,
}));

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
 * The read-only unusual requests (GET, HEAD), sent once and side by side: ahead of the check
 * (CheckOptions.readAhead, in slots the run leaves idle) or at its place. `requests` is the plan.
 */
function sendReads(t: Probe, requests: UnusualRequest[], ahead?: () => boolean): Promise<Map<number, Screened>> {
  const holder = screens(t.run.client);
  holder.reads ??= (async () => {
    holder.readAhead = ahead !== undefined;
    const reads = [...requests.keys()].filter((index) => !isWrite(requests[index] as UnusualRequest));
    const sent = await inPool(reads, t.settings.concurrency, async (index): Promise<[number, Screened]> => {
      const request = requests[index] as UnusualRequest;
      if (ahead?.() === true) return [index, { request }];
      const exchange = await sendUnusual(t, request, ahead ? { whenIdle: !holder.due } : undefined);
      return [index, exchange === undefined ? { request } : { request, exchange }];
    });
    return new Map(sent);
  })();
  return holder.reads;
}

/**
 * The read-ahead of robustness.unusual-requests-no-5xx (src/harness/phases.ts, READS_AHEAD_WITH): the
 * plan and its reads, while the run's earlier phases leave request slots idle. Nothing here writes.
 */
export async function readUnusualAhead(t: Probe, stopped: () => boolean): Promise<void> {
  const holder = screens(t.run.client);
  holder.aheadPlan ??= plan(t, true);
  const requests = await holder.aheadPlan;
  if (requests !== undefined && !stopped() && !holder.due) await sendReads(t, requests, stopped);
}

/** The run's unusual requests and their answers, sent on first use. */
export function screenUnusualRequests(t: Probe): Promise<Screened[]> {
  const holder = screens(t.run.client);
  holder.due = true;
  holder.screen ??= (async () => {
    // What went wrong ahead (a time-out, say) is met again here, where it is the check's to report.
    const requests = (await holder.aheadPlan?.catch(() => undefined)) ?? ((await plan(t, false)) as UnusualRequest[]);
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
    // write, so the reads sent after them (unless read ahead) already count towards it. Each request
    // is judged alone, and the answers keep the requests' order.
    const written = await inPool(writes, t.settings.concurrency, async (index): Promise<Screened> => {
      const request = requests[index] as UnusualRequest;
      const exchange = await sendUnusual(t, request);
      return exchange === undefined ? { request } : { request, exchange };
    });
    const read = await sendReads(t, requests).catch((error: unknown) => {
      if (!holder.readAhead) throw error;
      holder.readAhead = false;
      holder.reads = undefined;
      return sendReads(t, requests);
    });
    const screened = new Array<Screened>(requests.length);
    writes.forEach((index, at) => (screened[index] = written[at] as Screened));
    for (const [index, answer] of read) {
      screened[index] = answer;
      if (holder.readAhead && answer.exchange) t.attach(answer.exchange);
    }
    return screened;
  })();
  return holder.screen;
}
