/**
 * One replay of the run, shared by the replay checks (suites/replay.ts): each sampled read is
 * read again as the caller (its answer now), then sent in every equivalent spelling with every
 * replay credential and with the caller's own token; creates are sent in every spelling with the
 * replay credentials only (a create the caller's own token makes is a write the run does not need).
 */
import type { AuthChoice, HttpClient, RequestOptions } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import { isHttpError } from '../http/errors.js';
import { inBatches } from '../harness/in-batches.js';
import { replayCredentials, type ReplayCredential } from './credentials.js';
import { sampleReads, type SampledRead } from './sample.js';
import { equivalentSpellings, type Spelling } from './spellings.js';

/** Reads replayed per run (distinct shapes); each costs about 40 requests. */
export const MAX_REPLAYED_READS = 6;
const IN_FLIGHT = 8;

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

export interface ReplayRun {
  reads: ReplayedRead[];
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
}

const asOptions = (spelling: Spelling, auth: AuthChoice, method: 'GET' | 'HEAD' | 'POST' = 'GET'): RequestOptions => ({
  method,
  path: spelling.path,
  ...(spelling.query ? { query: spelling.query } : {}),
  auth,
});

async function replayRead(target: ReplayTarget, read: SampledRead, credentials: ReplayCredential[]): Promise<ReplayedRead> {
  const canonical: Spelling = { name: 'as the checks sent it', path: read.path, query: read.query };
  const original = await target.client.send(asOptions(canonical, 'a'));
  const otherCallersOriginal = target.hasCallerB ? await target.client.send(asOptions(canonical, 'b')) : undefined;
  const spellings = equivalentSpellings(read.path, read.query);
  const plan: { method: 'GET' | 'HEAD'; spelling: Spelling; credential?: ReplayCredential }[] = [
    ...credentials.map((credential) => ({ method: 'GET' as const, spelling: canonical, credential })),
    ...spellings.flatMap((spelling) =>
      credentials.filter((c) => c.everySpelling).map((credential) => ({ method: 'GET' as const, spelling, credential })),
    ),
    ...credentials
      .filter((c) => !c.otherCaller && c.everySpelling)
      .map((credential) => ({ method: 'HEAD' as const, spelling: canonical, credential })),
    ...spellings.map((spelling) => ({ method: 'GET' as const, spelling })),
  ];
  const replays = await inBatches(plan, IN_FLIGHT, async ({ method, spelling, credential }) => ({
    method,
    spelling,
    ...(credential ? { credential } : {}),
    exchange: await target.client.send(asOptions(spelling, credential?.auth ?? 'a', method)),
  }));
  return { read, original, ...(otherCallersOriginal ? { otherCallersOriginal } : {}), replays };
}

/**
 * Creates a few at a time: each holds a write-budget slot until it is answered (a refusal gives it
 * back), so a small budget is never held by many refusals at once.
 */
const CREATES_IN_FLIGHT = 4;

async function replayCreates(
  target: ReplayTarget,
  credentials: ReplayCredential[],
): Promise<Pick<ReplayRun, 'creates' | 'createsNotSent'>> {
  if (target.readOnly) return { creates: [], createsNotSent: '--read-only: no create is replayed' };
  const spellings: Spelling[] = [{ name: 'as the checks send it', path: '/user_banks' }, ...equivalentSpellings('/user_banks')];
  const plan = spellings.flatMap((spelling) =>
    credentials.filter((c) => c.everySpelling || spelling === spellings[0]).map((credential) => ({ spelling, credential })),
  );
  let notSent: string | undefined;
  const sent: (ReplayedCreate | undefined)[] = [];
  for (let i = 0; i < plan.length && notSent === undefined; i += CREATES_IN_FLIGHT) {
    const batch = plan.slice(i, i + CREATES_IN_FLIGHT).map(async ({ spelling, credential }): Promise<ReplayedCreate | undefined> => {
      try {
        return {
          spelling,
          credential,
          exchange: await target.client.send({ ...asOptions(spelling, credential.auth, 'POST'), json: target.createBody() }),
        };
      } catch (error) {
        if (isHttpError(error) && (error.code === 'WRITE_BUDGET' || error.code === 'READ_ONLY')) {
          notSent = error.message;
          return undefined;
        }
        throw error;
      }
    });
    sent.push(...(await Promise.all(batch)));
  }
  const creates = sent.filter((c): c is ReplayedCreate => c !== undefined);
  return notSent === undefined ? { creates } : { creates, createsNotSent: notSent };
}

/** The reads side by side (the client bounds the connections), then the creates. */
export async function replayRun(target: ReplayTarget): Promise<ReplayRun> {
  const credentials = replayCredentials(target.tokenA, target.hasCallerB);
  const sample = sampleReads(target.client.log, target.baseUrl, target.userIdA, MAX_REPLAYED_READS);
  const reads = await Promise.all(sample.map((read) => replayRead(target, read, credentials)));
  return { reads, ...(await replayCreates(target, credentials)) };
}
