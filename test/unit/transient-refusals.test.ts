/**
 * Transient refusals and dropped connections, against real servers on 127.0.0.1 (issue 27): a
 * 502/503/504 is sent again after its Retry-After (seconds, or an HTTP-date read against the answer's
 * own Date header, whatever the server's clock says); a POST only when listing proves it was not
 * stored; a refusal that persists reaches the checks; and query values reach the server exactly as given.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { HttpClient } from '../../src/http/client.js';
import { makeStoredProbe } from '../../src/contract/operations/stored-probe.js';
import { bankLinkingApi } from '../../src/contract/operations/bank-linking-api.js';
import { transientDelayMs } from '../../src/http/transient.js';

const servers: Server[] = [];
const clients: HttpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handle(req, res, body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(baseUrl: string): HttpClient {
  const made = new HttpClient({
    baseUrl,
    api: bankLinkingApi,
    tokenA: 'secret-a',
    timeoutMs: 2_000,
    maxBodyBytes: 64 * 1024,
    concurrency: 2,
    rateLimit: 0,
    readOnly: false,
    maxWrites: 10,
    maxRetryAfterMs: 3_000,
    maxThrottleRetries: 2,
    throttleBudgetMs: 5_000,
  });
  clients.push(made);
  return made;
}

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
};

describe('transient refusals', () => {
  test("Retry-After as an HTTP-date is read against the answer's Date header: a clock 5 minutes fast still means one second", () => {
    const serverNow = Date.now() + 300_000;
    const headers = { date: new Date(serverNow).toUTCString(), 'retry-after': new Date(serverNow + 1_000).toUTCString() };
    expect(transientDelayMs({ headers }, 0, 10_000)).toBeGreaterThanOrEqual(0);
    expect(transientDelayMs({ headers }, 0, 10_000)).toBeLessThanOrEqual(2_000);
    // Without a Date header the client's clock is all there is: the same date is 5 minutes away, capped.
    expect(transientDelayMs({ headers: { 'retry-after': headers['retry-after'] } }, 0, 10_000)).toBe(10_000);
  });

  test('a GET answered 503 (Retry-After as a skewed HTTP-date) is sent again; the log marks the refusal as resent', async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls += 1;
      const serverNow = Date.now() - 240_000;
      if (calls === 1)
        return json(
          res,
          503,
          { error: 'unavailable' },
          { date: new Date(serverNow).toUTCString(), 'retry-after': new Date(serverNow + 1_000).toUTCString() },
        );
      json(res, 200, { data: [], next_cursor: null });
    });
    const c = client(url);
    const exchange = await c.send({ path: '/user_banks' });
    expect(exchange.status).toBe(200);
    expect(calls).toBe(2);
    expect(c.log.map((e) => [e.status, e.resent ?? false])).toEqual([
      [503, true],
      [200, false],
    ]);
    expect(c.throttleStats().transient?.retried).toEqual({ '503': 1 });
  });

  test('a refusal that persists past the retries while requests sent after it are served is the answer the checks see', async () => {
    let calls = 0;
    const url = await serve((req, res) => {
      if (req.url?.startsWith('/user_banks')) return json(res, 200, { data: [], next_cursor: null });
      calls += 1;
      setTimeout(() => json(res, 502, { error: 'bad gateway' }, { 'retry-after': '0' }), 30);
    });
    const c = client(url);
    // Another request sent once the first refusal is back (at 30 ms), and served while this one is resent.
    const later = new Promise((resolve) => setTimeout(resolve, 50)).then(() => c.send({ path: '/user_banks' }));
    const [user] = await Promise.all([c.send({ path: '/users/u1' }), later]);
    expect(user.status).toBe(502);
    expect(calls).toBe(4);
    expect(c.throttleStats().transient?.persisted).toEqual({ '502': 1 });
    expect(c.log.filter((e) => e.resent !== true).map((e) => e.status)).toEqual([200, 502]);
    expect(c.log.some((e) => e.unavailable === true)).toBe(false);
  });

  test('a refusal that persists while no other request is served is the target unavailable: the send ends UNAVAILABLE, the log says so', async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls += 1;
      json(res, 503, { error: 'maintenance' }, { 'retry-after': '0' });
    });
    const c = client(url);
    const failure = await c.send({ path: '/users/u1' }).then(
      () => undefined,
      (error: unknown) => error as { code?: string; message: string },
    );
    expect(failure?.code).toBe('UNAVAILABLE');
    expect(failure?.message).toMatch(/answered 503 4 time\(s\) while no request sent after it was served/);
    expect(calls).toBe(4);
    expect(c.log.filter((e) => e.resent !== true).map((e) => [e.status, e.unavailable])).toEqual([[503, true]]);
  });

  test("a 500 is the server's own answer, never sent again", async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls += 1;
      json(res, 500, { error: 'boom' }, { 'retry-after': '0' });
    });
    expect((await client(url).send({ path: '/user_banks' })).status).toBe(500);
    expect(calls).toBe(1);
  });

  test('once the run halts its client, nothing more is sent: a send ends RUN_DEADLINE before a byte leaves', async () => {
    let calls = 0;
    const url = await serve((_req, res) => {
      calls += 1;
      json(res, 200, { data: [], next_cursor: null });
    });
    const c = client(url);
    expect((await c.send({ path: '/user_banks' })).status).toBe(200);
    c.halt('the run has ended');
    const failure = await c.send({ path: '/user_banks' }).then(
      () => undefined,
      (error: unknown) => error as { code?: string; message: string },
    );
    expect(failure).toMatchObject({ code: 'RUN_DEADLINE', message: 'GET /user_banks not sent: the run has ended' });
    expect(calls).toBe(1);
  });

  /**
   * A tiny store: POST /user_banks stores (unless refused first), GET /user_banks lists (after refusing
   * the first `failedListings`); `status` is the first POST's refusal, and `endless` lists a page that
   * always points onward (a list past the probe's reach).
   */
  async function store(refuseFirstPost: 'not-stored' | 'stored', failedListings = 0, status = 503, endless = false) {
    const banks: { id: string; user_id: string; account_number: string }[] = [];
    let posts = 0;
    let listings = 0;
    const url = await serve((req, res, body) => {
      if (req.method === 'GET') {
        listings += 1;
        if (listings <= failedListings) return json(res, 500, { error: 'busy' });
        return json(res, 200, { data: banks, next_cursor: endless ? `page-${listings}` : null });
      }
      posts += 1;
      const input = JSON.parse(body) as { user_id: string; account_number: string };
      const bank = { id: `bank_${posts}`, ...input };
      if (posts === 1) {
        if (refuseFirstPost === 'stored') banks.push(bank);
        return json(res, status, { error: 'unavailable' }, { 'retry-after': '0' });
      }
      banks.push(bank);
      json(res, 201, bank);
    });
    const c = client(url);
    c.storedProbe = makeStoredProbe(c, { defaultUserId: 'u1', settleMs: 0, firstPauseMs: 10 });
    return { c, banks, posts: () => posts, listings: () => listings };
  }

  test('a listing that fails is looked at again: two failures, then the third look proves the POST was not stored, so it is sent again', async () => {
    const { c, banks, posts, listings } = await store('not-stored', 2);
    const exchange = await c.send({ method: 'POST', path: '/user_banks', json: { user_id: 'u1', account_number: '12345678901' } });
    expect(exchange.status).toBe(201);
    expect(listings()).toBe(3);
    expect(posts()).toBe(2);
    expect(banks).toHaveLength(1);
  });

  test('a listing that keeps failing proves nothing after three looks: the 503 stands as the answer, and the POST is not sent again', async () => {
    const { c, posts, listings } = await store('not-stored', 100);
    const exchange = await c.send({ method: 'POST', path: '/user_banks', json: { user_id: 'u1', account_number: '12345678901' } });
    expect(exchange.status).toBe(503);
    expect(listings()).toBe(3);
    expect(posts()).toBe(1);
    expect(c.throttleStats().transient?.persisted).toEqual({ '503': 1 });
  });

  test('a POST answered 503 is sent again only when the listing proves it was not stored', async () => {
    const { c, banks, posts } = await store('not-stored');
    const exchange = await c.send({ method: 'POST', path: '/user_banks', json: { user_id: 'u1', account_number: '12345678901' } });
    expect(exchange.status).toBe(201);
    expect(posts()).toBe(2);
    expect(banks).toHaveLength(1);
    expect(c.budget.remaining).toBe(9);
  });

  test("a POST answered 503 for a User too large to look through is sent again on the 503's word; a 502 is not; the User is not listed again", async () => {
    const unavailable = await store('not-stored', 0, 503, true);
    const body = { user_id: 'u1', account_number: '12345678901' };
    expect((await unavailable.c.send({ method: 'POST', path: '/user_banks', json: body })).status).toBe(201);
    expect(unavailable.posts()).toBe(2);
    expect(unavailable.listings()).toBe(50);
    // Asked again of the same User, the probe answers from what it found, without listing.
    const again = await unavailable.c.storedProbe!({ method: 'POST', url: 'x', headers: {}, body: JSON.stringify(body) }, Date.now());
    expect(again).toMatchObject({ stored: 'unknown', pastReach: true });
    expect(unavailable.listings()).toBe(50);
    const badGateway = await store('not-stored', 0, 502, true);
    expect((await badGateway.c.send({ method: 'POST', path: '/user_banks', json: body })).status).toBe(502);
    expect(badGateway.posts()).toBe(1);
  });

  test('a POST answered 503 that was stored anyway is not sent again: its id is taken as created and its budget slot stays spent', async () => {
    const { c, banks, posts } = await store('stored');
    const exchange = await c.send({ method: 'POST', path: '/user_banks', json: { user_id: 'u1', account_number: '12345678901' } });
    expect(exchange.status).toBe(503);
    expect(posts()).toBe(1);
    expect(banks).toHaveLength(1);
    expect(c.createdIds.has('bank_1')).toBe(true);
    expect(c.takeCreated('check')).toEqual(['bank_1']);
    expect(c.budget.remaining).toBe(9);
    expect(c.throttleStats().transient?.storedDespiteRefusal).toBe(1);
  });
});

describe('opaque values in the query', () => {
  test('a cursor holding & # % / ? + = and a space reaches the server exactly as given (RFC 3986 percent-encoding)', async () => {
    const cursor = 'a&b=c+d e/f?g#h%25i';
    let seen: string | undefined;
    let raw: string | undefined;
    const url = await serve((req, res) => {
      raw = req.url;
      seen = new URL(req.url ?? '/', 'http://x').searchParams.get('cursor') ?? undefined;
      json(res, 200, { data: [], next_cursor: null });
    });
    await client(url).send({ path: '/user_banks', query: { cursor, limit: 2 } });
    expect(seen).toBe(cursor);
    // A space as %20, never the form encoding's '+', which a strict RFC 3986 decoder keeps as a plus.
    expect(raw).toContain('%20');
    expect(decodeURIComponent((raw ?? '').split('cursor=')[1]?.split('&')[0] ?? '')).toBe(cursor);
  });
});
