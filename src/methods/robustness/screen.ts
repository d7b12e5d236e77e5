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
import { inPoolFirstWhenReady } from '../../harness/in-pool.js';
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { crossCallerWrite } from '../steps/cross-caller-write.js';
import { listingBeforeRefusedWrites } from '../steps/refused-writes.js';
import { createGrammar, type GrammarCoverage } from './create-grammar.js';
import { spelledNumberCreates } from './spelled-numbers.js';
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
    // The spelled numbers first: each is a write, and the grammar's valid bodies may spend the rest.
    ...(writes ? spelledNumberCreates(t.settings.userIdA, t.settings.seed) : []),
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
export async function sendUnusual(t: Probe, request: UnusualRequest): Promise<Exchange | undefined> {
  try {
    return await t.request({
      method: request.method,
      path: request.path,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : {}),
      ...(request.auth !== undefined ? { auth: request.auth } : {}),
      ...(request.describesNoResource === true ? { describesNoResource: true } : {}),
      // Whichever check sends it first (the absence proofs may, in a shard), a bank it makes is this.
      purpose: 'unusual but legal create requests',
    });
  } catch (error) {
    if (isHttpError(error) && isWrite(request) && error.code === 'WRITE_BUDGET') return undefined;
    throw error;
  }
}

/** The run's unusual requests and their answers, sent on first use. */
export function screenUnusualRequests(t: Probe): Promise<Screened[]> {
  const holder = screens(t.run.client);
  holder.screen ??= (async () => {
    const budget = budgetAtTargetRate(READ_GRAMMAR_BUDGET, t.run.client.throttleStats());
    holder.readGrammar = readGrammar(await readMaterials(t), t.settings.seed, budget);
    const examples = unusualExamples(t);
    const requests = [
      ...examples,
      ...fc.sample(unusualArbitrary(t), {
        seed: t.settings.seed,
        numRuns: Math.max(0, ROBUSTNESS_RUNS - (examples.length - holder.readGrammar.requests.length)),
      }),
    ];
    if (requests.some(isWrite)) {
      await listingBeforeRefusedWrites(t);
      // The unusual creates take what is left of the write budget, never the slot of an aimed check's
      // write: caller B's write on A's User (judged in refused-writes.test.ts, after this) goes first.
      const { tokenA, tokenB, userIdA, userIdB } = t.settings;
      if (tokenB !== undefined && userIdB !== undefined && tokenB !== tokenA && userIdB !== userIdA)
        await crossCallerWrite(t).catch(() => undefined);
    }
    // The writes go out first, each as soon as the write budget has a slot for it: the absence proofs
    // wait out the settle window from the run's latest write, so the reads sent beside and after them
    // count towards it. Each request is judged alone, and the answers keep the requests' order.
    const { api } = t.run.client.options;
    const writeBudget = t.run.client.budget;
    return inPoolFirstWhenReady(
      requests,
      t.settings.concurrency,
      isWrite,
      (request) => !api.mayCreate(request) || writeBudget.remaining > 0,
      async (request): Promise<Screened> => {
        const exchange = await sendUnusual(t, request);
        return exchange === undefined ? { request } : { request, exchange };
      },
    );
  })();
  return holder.screen;
}
