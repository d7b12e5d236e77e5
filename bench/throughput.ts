/**
 * Requests per second on GET /user_banks?limit=100: the suite's HttpClient (as the checks use it)
 * with N requests in flight, against autocannon with N connections, same server, same duration.
 * The client and the undici + JSON.parse floor read the pages of a list in turn (`cursors`), as a
 * walk does: a page read again could be served from a memo no walk can use.
 */
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import type { HttpClient } from '../src/http/client.js';
import { bareClient, benchContext, benchSettings } from './suite-context.js';

export interface Rate {
  requests: number;
  seconds: number;
  perSecond: number;
  non2xx: number;
  /** CPU time of this process (user + system) per request: a figure other load on the machine barely moves. */
  cpuMsPerRequest: number;
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const PATH = '/user_banks?limit=100';

/** The page after `cursor` (the first page without one). */
const pageUrl = (url: string, cursor: string | undefined): string =>
  `${url}${PATH}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;

const headersOf = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

/** The cursors of a list's pages at limit=100, the first page's (none) included, at most `pages`. */
export async function pageCursors(url: string, token: string, pages: number): Promise<(string | undefined)[]> {
  const cursors: (string | undefined)[] = [undefined];
  while (cursors.length < pages) {
    const answer = await request(pageUrl(url, cursors.at(-1)), { headers: headersOf(token) });
    const next = ((await answer.body.json()) as { next_cursor?: string | null }).next_cursor;
    if (typeof next !== 'string') break;
    cursors.push(next);
  }
  return cursors;
}

/** The next page to read, round the list's pages in turn. */
function inTurn(cursors: readonly (string | undefined)[]): () => string | undefined {
  let next = 0;
  return () => cursors[next++ % Math.max(1, cursors.length)];
}

/** `concurrency` loops sending one request each with `send` (which answers the status) for `seconds`. */
async function closedLoopRate(concurrency: number, seconds: number, send: () => Promise<number>): Promise<Rate> {
  let requests = 0;
  let non2xx = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const status = await send();
      requests += 1;
      if (status < 200 || status >= 300) non2xx += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return { requests, seconds: elapsed, perSecond: requests / elapsed, non2xx, cpuMsPerRequest: cpuMs(cpu) / Math.max(1, requests) };
}

/** `client` reading the list's pages in turn with `concurrency` in flight for `seconds`, then closed. */
async function pagesRate(
  client: HttpClient,
  concurrency: number,
  seconds: number,
  cursors: readonly (string | undefined)[],
): Promise<Rate> {
  const page = inTurn(cursors);
  const rate = await closedLoopRate(
    concurrency,
    seconds,
    async () => (await client.send({ path: '/user_banks', query: { limit: 100, cursor: page() } })).status,
  );
  await client.close();
  return rate;
}

export async function clientRate(
  url: string,
  token: string,
  concurrency: number,
  seconds: number,
  cursors: readonly (string | undefined)[] = [undefined],
): Promise<Rate> {
  return pagesRate(benchContext(benchSettings(url, token, '', concurrency)).client, concurrency, seconds, cursors);
}

/**
 * The same client core and policies as clientRate, without the run's observers of every exchange
 * (learning personal values, the HAR, the audit, the invariants): what the HTTP client costs over
 * the floor, apart from what judging costs (judging-cost.ts measures that, observer by observer).
 */
export async function pipelineRate(
  url: string,
  token: string,
  concurrency: number,
  seconds: number,
  cursors: readonly (string | undefined)[] = [undefined],
): Promise<Rate> {
  return pagesRate(bareClient(url, token, concurrency), concurrency, seconds, cursors);
}

export async function autocannonRate(url: string, token: string, concurrency: number, seconds: number): Promise<Rate> {
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: url + PATH,
    connections: concurrency,
    pipelining: 1,
    duration: seconds,
    headers: headersOf(token),
  });
  const total = result.requests.total;
  return {
    requests: total,
    seconds: result.duration,
    perSecond: total / result.duration,
    non2xx: result.non2xx + result.errors,
    cpuMsPerRequest: cpuMs(cpu) / Math.max(1, total),
  };
}

/**
 * The floor under the client's CPU per page: undici's request plus JSON.parse of the body, nothing
 * else (no redaction, evidence, throttle or schema), same concurrency, same pages. The client cannot
 * do less than this for a 100-item page it must read; clientCpuVsParseFloor is the client over it.
 */
export async function parseFloorRate(
  url: string,
  token: string,
  concurrency: number,
  seconds: number,
  cursors: readonly (string | undefined)[] = [undefined],
): Promise<Rate> {
  const agent = new Agent({ connections: concurrency, pipelining: 1 });
  const page = inTurn(cursors);
  const rate = await closedLoopRate(concurrency, seconds, async () => {
    const answer = await request(pageUrl(url, page()), { dispatcher: agent, headers: headersOf(token) });
    JSON.parse(await answer.body.text());
    return answer.statusCode;
  });
  await agent.close();
  return rate;
}
