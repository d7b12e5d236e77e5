/**
 * One replay of the run, shared by the replay checks (suites/replay.ts): every distinct read the
 * run made (src/methods/replay/sample.ts), within a request budget, is read again as the caller (its answer
 * now), then sent in every equivalent spelling with every replay credential and with the caller's own
 * token; creates are sent in every spelling with the
 * replay credentials only (a create the caller's own token makes is a write the run does not need).
 */
import type { AuthChoice, HttpClient, RequestOptions } from '../../http/client.js';
import type { Exchange } from '../../http/exchange.js';
import { isHttpError } from '../../http/errors.js';
import { inPool, limiter } from '../../harness/in-pool.js';
import { replayCredentials, type ReplayCredential } from './credentials.js';
import { distinctReads, readsByKind, shapeOf, type SampledRead } from './sample.js';
import { equivalentSpellings, type Spelling } from './spellings.js';

/**
 * Requests the read replays may send in a run. Each read costs 25 to 40 (its canonical reads, the
 * credentials, about 9 spellings for strangers and for the caller, HEAD); a default run makes 60 to
 * 70 distinct reads, so the budget takes about every kind of read first and as many other values as it
 * allows, and the checks' messages say where it bound. 800 doubled a run's requests and slowed
 * concurrent runs on a loaded machine past a walk's time cap (test/unit/pagination-runs.test.ts).
 */
export const READ_REPLAY_BUDGET = 500;
/** Requests in flight at once, over every read being replayed (the run's --concurrency, when given). */
const IN_FLIGHT = 8;
/** Reads replayed side by side (their requests share the one bound of IN_FLIGHT). */
const READS_IN_FLIGHT = 3;

export interface ReplayedRead {
  read: SampledRead;
  /** The caller's own canonical read, just before the replays. */
  original: Exchange;
  /** The second caller's canonical read of the same request, when there is a second caller. */
  otherCallersOriginal?: Exchange;
  replays: Replay[];
}

export interface Replay {
  /** GET, or HEAD: RFC 9110 9.3.2, the same operation without the body. */
  method: 'GET' | 'HEAD';
  spelling: Spelling;
  /** Undefined: the caller's own token. */
  credential?: ReplayCredential;
  exchange: Exchange;
}

export interface ReplayedCreate {
  spelling: Spelling;
  credential: ReplayCredential;
  exchange: Exchange;
}

/** How much of the run's reads the replay reached, for the checks' messages. */
export interface ReplayReach {
  /** Distinct reads the run made (the canonical ones included). */
  distinct: number;
  /** Of them, replayed. */
  replayed: number;
  /** Requests the read replays sent. */
  requests: number;
  budget: number;
}

export interface ReplayRun {
  reads: ReplayedRead[];
  reach: ReplayReach;
  creates: ReplayedCreate[];
  /** Why creates were not replayed (read-only, budget), when they were not. */
  createsNotSent?: string;
}

export interface ReplayTarget {
  client: HttpClient;
  baseUrl: string;
  tokenA: string;
  userIdA: string;
  hasCallerB: boolean;
  readOnly: boolean;
  /** A valid create body for the caller's User whose account number no other request used. */
  createBody: () => Record<string, string>;
  /** The reads' request budget (READ_REPLAY_BUDGET, less on a target that throttles: budgetAtTargetRate). */
  budget?: number;
  /** Requests in flight at once (the run's --concurrency); IN_FLIGHT when absent. */
  inFlight?: number;
  /**
   * The end of the checks whose reads are replayed too: the reads made before it, one of each kind,
   * are replayed at once; the rest (the kinds those checks add, then the other values) after it.
   */
  beforeReads?: () => Promise<void>;
  /** Awaited before the first create (the aimed writes whose budget slots the creates must not take). */
  beforeCreates?: () => Promise<void>;
}

type Bound = <R>(work: () => Promise<R>, options?: { first?: boolean }) => Promise<R>;

const asOptions = (spelling: Spelling, auth: AuthChoice, method: 'GET' | 'HEAD' | 'POST' = 'GET'): RequestOptions => ({
  method,
  path: spelling.path,
  ...(spelling.query ? { query: spelling.query } : {}),
  auth,
});

type PlannedReplay = { method: 'GET' | 'HEAD'; spelling: Spelling; credential?: ReplayCredential };

function planRead(read: SampledRead, credentials: ReplayCredential[]): { canonical: Spelling; plan: PlannedReplay[] } {
  const canonical: Spelling = { name: 'as the checks sent it', path: read.path, query: read.query };
  const spellings = equivalentSpellings(read.path, read.query);
  const plan: PlannedReplay[] = [
    ...credentials.map((credential) => ({ method: 'GET' as const, spelling: canonical, credential })),
    ...spellings.flatMap((spelling) =>
      credentials.filter((c) => c.everySpelling).map((credential) => ({ method: 'GET' as const, spelling, credential })),
    ),
    ...credentials
      .filter((c) => !c.otherCaller && c.everySpelling)
      .map((credential) => ({ method: 'HEAD' as const, spelling: canonical, credential })),
    ...spellings.map((spelling) => ({ method: 'GET' as const, spelling })),
  ];
  return { canonical, plan };
}

async function replayRead(
  target: ReplayTarget,
  bound: Bound,
  read: SampledRead,
  canonical: Spelling,
  plan: PlannedReplay[],
): Promise<ReplayedRead> {
  // The two callers' canonical reads are independent of each other: side by side, before the replays.
  const [original, otherCallersOriginal] = await Promise.all([
    bound(() => target.client.send(asOptions(canonical, 'a'))),
    target.hasCallerB ? bound(() => target.client.send(asOptions(canonical, 'b'))) : undefined,
  ]);
  const replays = await Promise.all(
    plan.map(({ method, spelling, credential }) =>
      bound(async () => ({
        method,
        spelling,
        ...(credential ? { credential } : {}),
        exchange: await target.client.send(asOptions(spelling, credential?.auth ?? 'a', method)),
      })),
    ),
  );
  return { read, original, ...(otherCallersOriginal ? { otherCallersOriginal } : {}), replays };
}

/**
 * Creates a few at a time: each holds a write-budget slot until it is answered (a refusal gives it
 * back), so a small budget is never held by many refusals at once.
 */
const CREATES_IN_FLIGHT = 4;

async function replayCreates(
  target: ReplayTarget,
  bound: Bound,
  credentials: ReplayCredential[],
  /** The replay failed meanwhile: no further create is started. */
  abandoned: () => boolean,
): Promise<Pick<ReplayRun, 'creates' | 'createsNotSent'>> {
  if (target.readOnly) return { creates: [], createsNotSent: '--read-only: no create is replayed' };
  const spellings: Spelling[] = [{ name: 'as the checks send it', path: '/user_banks' }, ...equivalentSpellings('/user_banks')];
  const plan = spellings.flatMap((spelling) =>
    credentials.filter((c) => c.everySpelling || spelling === spellings[0]).map((credential) => ({ spelling, credential })),
  );
  let notSent: string | undefined;
  // A sliding window of CREATES_IN_FLIGHT (a slot freed starts the next create), none started once the budget refused one.
  const sent: (ReplayedCreate | undefined)[] = new Array(plan.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < plan.length && notSent === undefined && !abandoned()) {
      const index = next;
      next += 1;
      const { spelling, credential } = plan[index] as (typeof plan)[number];
      try {
        sent[index] = {
          spelling,
          credential,
          // Ahead of the reads still queued: each create waits for the one before it (the budget's slot).
          exchange: await bound(() => target.client.send({ ...asOptions(spelling, credential.auth, 'POST'), json: target.createBody() }), {
            first: true,
          }),
        };
      } catch (error) {
        if (isHttpError(error) && (error.code === 'WRITE_BUDGET' || error.code === 'READ_ONLY')) {
          notSent = error.message;
          continue;
        }
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CREATES_IN_FLIGHT, plan.length) }, lane));
  const creates = sent.filter((c): c is ReplayedCreate => c !== undefined);
  return notSent === undefined ? { creates } : { creates, createsNotSent: notSent };
}

/** The reads within the budget, a few side by side (the client bounds the connections), then the creates. */
export async function replayRun(target: ReplayTarget): Promise<ReplayRun> {
  const credentials = replayCredentials(target.tokenA, target.hasCallerB);
  const budget = target.budget ?? READ_REPLAY_BUDGET;
  let requests = 0;
  // The replay's own requests are not reads of the run to replay (they are sent once the first reads are planned).
  const own = new Set<number>();
  const runsLog = () => target.client.log.filter((e) => !own.has(e.seq));
  /** The distinct reads of the run so far, in sample.ts's order. */
  const runsReads = (): SampledRead[] => distinctReads(runsLog(), target.baseUrl, target.userIdA);
  /** Reads already planned, by shape: a later plan takes up the order where an earlier one left it. */
  const plannedShapes = new Set<string>();
  /** Of `reads` (distinct reads of the run, in sample.ts's order), those not planned yet, within the budget. */
  const plan = (reads: readonly SampledRead[]): { read: SampledRead; canonical: Spelling; plan: PlannedReplay[] }[] => {
    const planned: { read: SampledRead; canonical: Spelling; plan: PlannedReplay[] }[] = [];
    for (const read of reads) {
      if (plannedShapes.has(shapeOf(read))) continue;
      const { canonical, plan } = planRead(read, credentials);
      const cost = plan.length + (target.hasCallerB ? 2 : 1);
      // Reads are ordered every kind first (sample.ts): a dearer one past the budget does not stop a cheaper one after it.
      if (requests + cost > budget) continue;
      requests += cost;
      plannedShapes.add(shapeOf(read));
      planned.push({ read, canonical, plan });
    }
    return planned;
  };
  // One bound over the requests of every read in flight: a read's replays start as soon as a slot is
  // free, not when the slowest of a batch has answered.
  const bound = limiter(target.inFlight ?? IN_FLIGHT);
  const replay = async (planned: ReturnType<typeof plan>): Promise<ReplayedRead[]> => {
    const replayed = await inPool(planned, READS_IN_FLIGHT, ({ read, canonical, plan }) =>
      replayRead(target, bound, read, canonical, plan),
    );
    for (const { original, otherCallersOriginal, replays } of replayed) {
      own.add(original.seq);
      if (otherCallersOriginal) own.add(otherCallersOriginal.seq);
      for (const { exchange } of replays) own.add(exchange.seq);
    }
    return replayed;
  };
  // The creates go as soon as `beforeCreates` allows, ahead of any read in the one bound: on a
  // nearly spent write budget they go one at a time, a chain of round trips that need not wait for
  // the reads. None starts once a read has failed, and a failed replay ends once the creates already
  // sent have been answered.
  let failed = false;
  const creates = (target.beforeCreates?.() ?? Promise.resolve()).then(() => replayCreates(target, bound, credentials, () => failed));
  // Awaited below on success; on a failure the error is the reads', not this one.
  creates.catch(() => undefined);
  try {
    // The head of the order (sample.ts) as it stands is the head of the whole run's order: replayed
    // now, side by side with the checks `beforeReads` waits for, it is what the replay would have
    // sent first anyway. The rest is planned once those checks and this head have ended.
    const head = replay(plan(readsByKind(runsLog(), target.baseUrl, target.userIdA).oneOfEachKind));
    await Promise.all([head, target.beforeReads?.()]);
    const reads = [...(await head), ...(await replay(plan(runsReads())))];
    const distinct = runsReads().length;
    const reach: ReplayReach = { distinct, replayed: reads.length, requests, budget };
    return { reads, reach, ...(await creates) };
  } catch (error) {
    failed = true;
    await creates.catch(() => undefined);
    throw error;
  }
}

/** The reach in words: "23 of 61 distinct reads replayed in 790 requests (budget 800 bound)". */
export function describeReach({ distinct, replayed, requests, budget }: ReplayReach): string {
  return `${replayed} of ${distinct} distinct reads of the run replayed in ${requests} requests (budget ${budget}${replayed < distinct ? ', which bound' : ', not reached'})`;
}
