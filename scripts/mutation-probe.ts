/**
 * The differential probe of a surviving mutant (npm run mutation): one fixed, seeded set of requests
 * sent raw to two references started in this process from the same seed, the subject (the mutant
 * on, or a catalogued fault) and the baseline (the reference as it is). It tells what a survivor
 * does that no judged run saw: which requests the subject answered 5xx or not at all (a defect a
 * check should have caught), and which answers to valid requests differ between the two (what a
 * general method would have to see to kill it); scripts/mutation-summary.ts prints it under each survivor.
 *
 * Valid requests go first, so a subject that accepts an unusual body cannot make the valid ones
 * differ merely by the bank it kept; the unusual ones (the suite's own create and read grammars and
 * its systematic core) follow, judged only for 5xx. Both references get a fixed clock, so the
 * created_at of a new bank is the same on both sides and the bodies compare byte for byte.
 *
 * A side's `enter` runs before each of its requests: the Stryker runner switches the mutant on for
 * the subject and off for the baseline (Stryker's instrumented code reads the active mutant at
 * every mutated place, and each request is answered before the next is sent).
 */
import { Client } from 'undici';
import type { AuthChoice } from '../src/http/client.js';
import { createGrammar } from '../src/methods/robustness/create-grammar.js';
import { readGrammar } from '../src/methods/robustness/read-grammar.js';
import { systematicUnusualRequests, type UnusualRequest } from '../src/methods/robustness/unusual-request.js';
import type { AnyFaultName } from '../src/lab/faults/index.js';
import { startReference, type RunningReference } from '../src/lab/server.js';

export interface ProbeSide {
  faults?: readonly AnyFaultName[];
  /** A variation preset (variations.ts) for this side's reference; the baseline when absent. */
  variation?: string;
  /** Run before every request this side answers (and before it starts). */
  enter?: () => void;
}

export interface ProbeFinding {
  /** Requests sent to each side, and how many of them were valid. */
  requests: number;
  valid: number;
  /** The subject's 5xx, or no answer at all, to any request. */
  serverErrors: { request: string; answer: string }[];
  /** Valid requests whose answers (status, Content-Type, body bytes) differ: the subject's and the baseline's. */
  differences: { request: string; subject: string; baseline: string }[];
}

/** One line of reports/mutation/probes.json (written by the "probes" reporter of stryker-plugins/conformance-runner.mjs). */
export interface ProbeRecord extends ProbeFinding {
  id: string;
  file: string;
  line: number;
  mutator: string;
  replacement: string;
  /** Evaluated into its module for both references alike: only its 5xx tell, not differences. */
  static: boolean;
}

const SEED = 20_260_101;
/** Any fixed instant: created_at is then the same on both sides. */
const CLOCK = Date.UTC(2026, 0, 15, 12, 0, 0);
/** Enough of the read grammar to reach every class of every component at least once, in under a second. */
const READ_BUDGET = 120;
const PAGES = 4;
const UNANSWERED_ENOUGH = 3;
const UNKNOWN_USER = 'conformance-unknown-5b1e';

interface Answer {
  status: number;
  contentType: string;
  body: string;
}
type Outcome = Answer | { error: string };

interface RawRequest {
  method: UnusualRequest['method'];
  path: string;
  headers?: Record<string, string | null>;
  rawBody?: string;
  auth?: AuthChoice;
}

/** Both references and how one request is sent to a side. */
class Pair {
  private constructor(
    private readonly sides: readonly [ProbeSide, ProbeSide],
    readonly references: readonly [RunningReference, RunningReference],
    private readonly clients: readonly [Client, Client],
  ) {}

  static async start(subject: ProbeSide, baseline: ProbeSide): Promise<Pair> {
    const sides = [subject, baseline] as const;
    const references: RunningReference[] = [];
    for (const side of sides) {
      side.enter?.();
      const reference = await startReference({
        seed: SEED,
        faults: side.faults ?? [],
        ...(side.variation !== undefined ? { variation: side.variation } : {}),
      });
      reference.state.now = () => new Date(CLOCK);
      references.push(reference);
    }
    const [s, b] = references as [RunningReference, RunningReference];
    const client = (r: RunningReference): Client => new Client(r.url, { headersTimeout: 5_000, bodyTimeout: 5_000 });
    return new Pair(sides, [s, b], [client(s), client(b)]);
  }

  async send(side: 0 | 1, request: RawRequest): Promise<Outcome> {
    const { a, b } = this.references[side].callers;
    const auth = request.auth ?? 'a';
    const authorization =
      auth === 'none'
        ? undefined
        : typeof auth === 'object'
          ? 'header' in auth
            ? auth.header
            : `${auth.scheme} ${a.token}`
          : `Bearer ${auth === 'a' ? a.token : b.token}`;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries({ accept: 'application/json', ...request.headers }))
      if (value !== null) headers[name] = value;
    if (authorization !== undefined) headers.authorization = authorization;
    this.sides[side].enter?.();
    try {
      const answer = await this.clients[side].request({
        method: request.method,
        path: request.path,
        headers,
        ...(request.rawBody !== undefined ? { body: request.rawBody } : {}),
      });
      const body = await answer.body.text();
      return { status: answer.statusCode, contentType: String(answer.headers['content-type'] ?? ''), body };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
    await Promise.all(this.references.map((r) => r.close()));
  }
}

const said = (o: Outcome): string => ('error' in o ? `no answer (${o.error})` : `${o.status} ${o.body.replace(/\s+/g, ' ').slice(0, 160)}`);
/** Each side's answer, its body from a little before the first byte where the two differ. */
function where(s: Outcome, b: Outcome): { subject: string; baseline: string } {
  if ('error' in s || 'error' in b) return { subject: said(s), baseline: said(b) };
  let at = 0;
  while (at < s.body.length && s.body[at] === b.body[at]) at += 1;
  const from = Math.max(0, at - 40);
  const excerpt = (o: Answer): string =>
    `${o.status} ${o.contentType}: ${from > 0 ? '…' : ''}${o.body.slice(from, from + 120).replace(/\s+/g, ' ')}`;
  return { subject: excerpt(s), baseline: excerpt(b) };
}
const same = (x: Outcome, y: Outcome): boolean =>
  !('error' in x) && !('error' in y) && x.status === y.status && x.contentType === y.contentType && x.body === y.body;
const nextCursor = (o: Outcome): string | undefined => {
  if ('error' in o || o.status !== 200) return undefined;
  try {
    const cursor = (JSON.parse(o.body) as { next_cursor?: unknown }).next_cursor;
    return typeof cursor === 'string' && cursor !== '' ? cursor : undefined;
  } catch {
    return undefined;
  }
};

export async function differentialProbe(subject: ProbeSide, baseline: ProbeSide = {}): Promise<ProbeFinding> {
  const pair = await Pair.start(subject, baseline);
  const finding: ProbeFinding = { requests: 0, valid: 0, serverErrors: [], differences: [] };
  /** Sends one request to each side (a side's own path when they differ, as a cursor walk's), and judges the pair. */
  const exchange = async (kind: string, valid: boolean, request: RawRequest, baselinePath = request.path): Promise<[Outcome, Outcome]> => {
    const s = await pair.send(0, request);
    const b = await pair.send(1, { ...request, path: baselinePath });
    finding.requests += 1;
    if (valid) finding.valid += 1;
    if ('error' in s || s.status >= 500) finding.serverErrors.push({ request: kind, answer: said(s) });
    if (valid && !same(s, b)) finding.differences.push({ request: kind, ...where(s, b) });
    return [s, b];
  };
  /** A list's first page and the pages after it, each side following its own next_cursor. */
  const walk = async (path: string, auth: AuthChoice = 'a'): Promise<void> => {
    let paths: [string, string] | undefined = [path, path];
    for (let page = 1; paths !== undefined && page <= PAGES; page += 1) {
      const [s, b] = await exchange(
        `GET ${path} as ${String(auth)}, page ${page}`,
        true,
        { method: 'GET', path: paths[0], auth },
        paths[1],
      );
      const cursors = [nextCursor(s), nextCursor(b)];
      const sep = path.includes('?') ? '&' : '?';
      paths =
        cursors[0] === undefined || cursors[1] === undefined
          ? undefined
          : [`${path}${sep}cursor=${encodeURIComponent(cursors[0])}`, `${path}${sep}cursor=${encodeURIComponent(cursors[1])}`];
    }
  };
  try {
    const { a, b } = pair.references[1].callers;
    const [userA = '', otherUserA = userA] = a.userIds;
    const userB = b.userIds[0] ?? '';
    const enc = encodeURIComponent;

    // Valid requests: every operation, every filter, several limits, pages by cursor, both callers.
    const lists = [
      '/user_banks',
      ...[1, 2, 5, 100].map((n) => `/user_banks?limit=${n}`),
      `/user_banks?user_id=${enc(userA)}&limit=2`,
      `/user_banks?user_id=${enc(otherUserA)}`,
      '/user_banks?status=active&limit=3',
      '/user_banks?status=inactive',
      `/user_banks?user_id=${enc(userA)}&status=active&limit=1`,
    ];
    for (const path of lists) await walk(path);
    await walk('/user_banks?limit=2', 'b');
    for (const id of [userA, otherUserA, UNKNOWN_USER, userB])
      await exchange(`GET /users/{${id}}`, true, { method: 'GET', path: `/users/${enc(id)}` });
    await exchange('GET /users/{own id} as b', true, { method: 'GET', path: `/users/${enc(userB)}`, auth: 'b' });
    // Followed by its cursors: a paged RfP list (a variation's) may differ only after its first page.
    await walk('/rfp_registrations');
    await walk('/rfp_registrations', 'b');
    const create = (accountNumber: string): string =>
      JSON.stringify({
        user_id: userA,
        account_number: accountNumber,
        routing_number: '021000021',
        account_holder_type: 'individual',
        bank_account_type: 'checking',
      });
    for (const accountNumber of ['000712345678', '4242'])
      await exchange(`POST /user_banks (account number ${accountNumber})`, true, {
        method: 'POST',
        path: '/user_banks',
        headers: { 'content-type': 'application/json' },
        rawBody: create(accountNumber),
      });
    // The new banks listed, as created.
    await walk(`/user_banks?user_id=${enc(userA)}&limit=3`);
    await walk('/user_banks?limit=100');

    // Unusual requests: only a 5xx counts (the spec leaves their answers open).
    const [, firstA] = await exchange('GET /user_banks?limit=1 (a cursor for the read grammar)', true, {
      method: 'GET',
      path: '/user_banks?limit=1',
    });
    const [, firstB] = await exchange('GET /user_banks?limit=1 as b', true, { method: 'GET', path: '/user_banks?limit=1', auth: 'b' });
    const cursorA = nextCursor(firstA);
    const cursorB = nextCursor(firstB);
    const unusual = [
      ...readGrammar(
        { userIdA: userA, userIdB: userB, hasCallerB: true, ...(cursorA ? { cursorA } : {}), ...(cursorB ? { cursorB } : {}) },
        SEED,
        READ_BUDGET,
      ).requests,
      ...createGrammar(userA, SEED).requests,
      ...systematicUnusualRequests(userA, true),
    ];
    for (const request of unusual) {
      // Each unanswered request waits out the 5 s timeout: a few are finding enough, and Stryker's own timeout stays far.
      if (finding.serverErrors.filter((e) => e.answer.startsWith('no answer')).length >= UNANSWERED_ENOUGH) break;
      await exchange(request.kind, false, request);
    }
    return finding;
  } finally {
    await pair.close();
  }
}
