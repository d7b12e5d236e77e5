/** The HTTP client against real servers on 127.0.0.1: bounds, redirects, throttling, write budget. */
import { afterEach, describe, expect, test } from 'vitest';
import { HttpClient, type HttpClientOptions } from '../../src/http/client.js';
import { codeOf } from '../support/error-code.js';
import { makeStoredProbe } from '../../src/contract/operations/stored-probe.js';
import { bankLinkingApi } from '../../src/contract/operations/bank-linking-api.js';
import { hostile, redirectTo, startHostile, type HostileServer } from '../support/hostile.js';

const servers: HostileServer[] = [];
const clients: HttpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(behaviour: Parameters<typeof startHostile>[0]): Promise<HostileServer> {
  const server = await startHostile(behaviour);
  servers.push(server);
  return server;
}

function client(baseUrl: string, overrides: Partial<HttpClientOptions> = {}): HttpClient {
  const made = new HttpClient({
    baseUrl,
    api: bankLinkingApi,
    tokenA: 'secret-a',
    timeoutMs: 800,
    maxBodyBytes: 64 * 1024,
    concurrency: 2,
    rateLimit: 0,
    readOnly: false,
    maxWrites: 10,
    maxRetryAfterMs: 2_000,
    maxThrottleRetries: 2,
    throttleBudgetMs: 5_000,
    ...overrides,
  });
  clients.push(made);
  return made;
}

describe('the HTTP client', () => {
  test.each([
    ['never-answers', 'TIMEOUT'],
    ['byte-a-second', 'TIMEOUT'],
    ['endless-body', 'BODY_TOO_LARGE'],
    ['connection-reset', 'CONNECTION'],
    ['throttles-forever', 'THROTTLED'],
  ])('against a target that %s: ends with %s', async (name, code) => {
    const server = await serve(hostile[name] as Parameters<typeof startHostile>[0]);
    expect(await codeOf(client(server.url).send({ path: '/user_banks' }))).toBe(code);
  });

  test('a redirect to another origin is not followed, and the other origin never hears from the client', async () => {
    const other = await serve((_req, res) => res.end('{}'));
    const server = await serve(redirectTo(other.url));
    const exchange = await client(server.url).send({ path: '/user_banks' });
    expect(exchange.status).toBe(302);
    expect(server.received[0]?.authorization).toBe('Bearer secret-a');
    expect(other.received).toEqual([]);
  });

  test('429 with Retry-After in seconds, then a success: waited out, and counted', async () => {
    let calls = 0;
    const server = await serve((_req, res) => {
      calls += 1;
      res.writeHead(calls === 1 ? 429 : 200, calls === 1 ? { 'retry-after': '1' } : { 'content-type': 'application/json' });
      res.end(calls === 1 ? '' : '{"data":[],"next_cursor":null}');
    });
    const exchange = await client(server.url).send({ path: '/user_banks' });
    expect(exchange.status).toBe(200);
    expect(exchange.throttledRetries).toBe(1);
    expect(server.received.length).toBe(2);
  });

  test('429 with Retry-After as an HTTP date is honoured too', async () => {
    let calls = 0;
    const server = await serve((_req, res) => {
      calls += 1;
      res.writeHead(calls === 1 ? 429 : 200, calls === 1 ? { 'retry-after': new Date(Date.now() + 1000).toUTCString() } : {});
      res.end(calls === 1 ? '' : '{}');
    });
    expect((await client(server.url).send({ path: '/x' })).status).toBe(200);
  });

  test('a Retry-After longer than the cap is not waited: THROTTLED at once', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(429, { 'retry-after': '3600' });
      res.end();
    });
    expect(await codeOf(client(server.url).send({ path: '/x' }))).toBe('THROTTLED');
    expect(server.received.length).toBe(1);
  });

  test('read-only: a POST is refused before a byte is sent', async () => {
    const server = await serve((_req, res) => res.end('{}'));
    expect(await codeOf(client(server.url, { readOnly: true }).send({ method: 'POST', path: '/user_banks', json: {} }))).toBe('READ_ONLY');
    expect(server.received).toEqual([]);
  });

  test('Accept: application/json unless a request asks for another, or for none at all (null)', async () => {
    const accepts: (string | undefined)[] = [];
    const server = await serve((req, res) => {
      accepts.push(req.headers.accept);
      res.end('{}');
    });
    const c = client(server.url);
    await c.send({ path: '/user_banks' });
    await c.send({ path: '/user_banks', headers: { accept: 'text/html' } });
    const bare = await c.send({ path: '/user_banks', headers: { accept: null } });
    expect(accepts).toEqual(['application/json', 'text/html', undefined]);
    expect(Object.keys(bare.request.headers)).not.toContain('accept');
  });

  test('the write budget: never more POSTs than --max-writes that could create, refused ones give their slot back', async () => {
    let n = 0;
    const server = await serve((req, res) => {
      n += 1;
      // Every other POST is refused: those slots come back.
      res.writeHead(n % 2 === 0 ? 400 : 201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `ub_${n}` }));
    });
    const c = client(server.url, { maxWrites: 3 });
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => codeOf(c.send({ method: 'POST', path: '/user_banks', json: {} }))));
    const created = server.received.length - Math.floor(server.received.length / 2);
    expect(created).toBeLessThanOrEqual(3);
    expect(outcomes.filter((o) => o === 'WRITE_BUDGET').length).toBeGreaterThan(0);
    expect(c.budget.spent).toBeLessThanOrEqual(3);
  });

  test('--rate-limit spaces request starts at least 1/rate apart (a lower bound, so a busy machine cannot break it)', async () => {
    const arrivals: number[] = [];
    const server = await serve((_req, res) => {
      arrivals.push(performance.now());
      res.end('{}');
    });
    const c = client(server.url, { rateLimit: 10 });
    const asked = performance.now();
    await Promise.all(Array.from({ length: 5 }, () => c.send({ path: '/x' })));
    expect(arrivals.length).toBe(5);
    // Five starts at 10 per second take at least 4 intervals of 100 ms (a little slack for clock granularity).
    // Measured from when the sends were asked for, not from the first arrival: a first request slowed on
    // its way (a new connection on a busy machine) would shorten the gap between arrivals, never this one.
    expect(Math.max(...arrivals) - asked).toBeGreaterThanOrEqual(380);
  });
});

/**
 * The first request on each new connection is answered (after `answerAfterMs`, so requests sent at
 * once open connections of their own); a second one on the same socket is cut, as a server does
 * when its idle time-out closes a connection the client is about to reuse.
 */
function cutOnReuse(answerAfterMs: number): Parameters<typeof startHostile>[0] {
  return (req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (socket.served > 1) {
      socket.destroy();
      return;
    }
    const answer = (): void => {
      res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
      res.end('{}');
    };
    if (answerAfterMs > 0) setTimeout(answer, answerAfterMs);
    else answer();
  };
}

describe('stale keep-alive connections', () => {
  test('a GET whose pooled connection the server closed is sent again once; a POST goes out on a fresh connection of its own, so it never meets one', async () => {
    const server = await serve(cutOnReuse(0));
    const c = client(server.url, { concurrency: 1 });
    expect((await c.send({ path: '/a' })).status).toBe(200);
    expect((await c.send({ path: '/b' })).status).toBe(200);
    expect(server.received.map((r) => r.url)).toEqual(['/a', '/b', '/b']);
    expect((await c.send({ method: 'POST', path: '/user_banks', json: {} })).status).toBe(200);
    expect((await c.send({ method: 'POST', path: '/user_banks', json: {} })).status).toBe(200);
    expect(server.received.filter((r) => r.method === 'POST').length).toBe(2);
  });

  test('the resend goes out on a fresh connection: when every pooled connection is cut on reuse, bursts of GETs are all answered', async () => {
    // A busy client can be late to see that several pooled connections were dropped at once; a resend
    // that took another pooled connection would meet a dropped one again.
    const server = await serve(cutOnReuse(20));
    const c = client(server.url, { concurrency: 4 });
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => c.send({ path: `/r${round}-${i}` }).then((e) => e.status)));
      statuses.push(...burst);
    }
    expect(statuses).toEqual(Array.from({ length: 40 }, () => 200));
    expect(c.throttleStats().transient?.connectionResends).toBeGreaterThan(0);
  });

  test('a POST whose connection is dropped is sent again only when listing proves it was not stored; without that proof it is not', async () => {
    let posts = 0;
    const server = await serve((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [], next_cursor: null }));
        return;
      }
      posts += 1;
      if (posts === 1 || posts === 3) {
        req.socket.destroy();
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `bank_${posts}` }));
    });
    const proven = client(server.url, { concurrency: 1 });
    proven.storedProbe = makeStoredProbe(proven, { defaultUserId: 'u1', settleMs: 0 });
    expect((await proven.send({ method: 'POST', path: '/user_banks', json: { user_id: 'u1', account_number: '1234567890' } })).status).toBe(
      201,
    );
    expect(posts).toBe(2);
    expect(proven.throttleStats().transient?.connectionResends).toBe(1);
    const unproven = client(server.url, { concurrency: 1 });
    expect(
      await codeOf(unproven.send({ method: 'POST', path: '/user_banks', json: { user_id: 'u1', account_number: '1234567890' } })),
    ).toBe('CONNECTION');
    expect(posts).toBe(3);
  });
});
