/**
 * The client's policies composed alone or in another order than the run's (src/http/client.ts),
 * against a real server on 127.0.0.1: each is a (request, next) function of its own, and what it
 * knows of the API it is told (ApiKnowledge), so a pipeline of one policy and the core behaves as
 * that policy says, and moving a policy changes exactly what its place says.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import type { ApiKnowledge } from '../../src/http/api-knowledge.js';
import { WriteBudget } from '../../src/http/budget.js';
import { makeDispatcher } from '../../src/http/dispatcher.js';
import { codeOf } from '../support/error-code.js';
import { compose, outgoing, type Policy, type Send } from '../../src/http/pipeline.js';
import { Availability } from '../../src/http/availability.js';
import { ExchangeRecord } from '../../src/http/policies/record.js';
import { transientResend, type TransientStats } from '../../src/http/policies/transient-resend.js';
import { writeGuard } from '../../src/http/policies/write-guard.js';
import { sendOnce } from '../../src/http/send-once.js';
import { bankLinkingApi } from '../../src/contract/operations/bank-linking-api.js';

interface Loopback {
  url: string;
  /** Connections opened and requests received: a request refused before a byte is sent opens neither. */
  connections: number;
  requests: string[];
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function serve(answer: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<Loopback> {
  const seen: Loopback = { url: '', connections: 0, requests: [] };
  const server: Server = createServer((req, res) => {
    seen.requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => answer(req, res, seen.requests.length));
  });
  server.on('connection', () => (seen.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  seen.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return seen;
}

/** The core alone: one request, bounded, on connections of the test's own. */
function core(baseUrl: string): Send {
  const pool = { connections: 2, timeoutMs: 2_000 };
  const dispatchers = { pooled: makeDispatcher(pool), own: makeDispatcher(pool) };
  closers.push(async () => {
    await Promise.all([dispatchers.pooled.close(), dispatchers.own.close()]);
  });
  return sendOnce({ baseUrl, timeoutMs: 2_000, maxBodyBytes: 64 * 1024, dispatchers });
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

function guard(budget: WriteBudget, api: ApiKnowledge = bankLinkingApi, ended: { writes: number } = { writes: 0 }): Policy {
  return writeGuard({
    api,
    readOnly: false,
    budget,
    maxWrites: budget.max,
    storedDespite: () => false,
    writeEnded: () => (ended.writes += 1),
  });
}

describe('the policies of the HTTP client, composed alone or in another order', () => {
  test('the core alone sends one request and numbers, retries and records nothing', async () => {
    const server = await serve((_req, res) => json(res, 503, { error: 'busy' }));
    const exchange = await core(server.url)(outgoing({ path: '/user_banks', query: { limit: 2 } }));
    expect(exchange).toMatchObject({ seq: 0, status: 503, throttledRetries: 0, json: { error: 'busy' } });
    expect(exchange.request.headers.authorization).toBeUndefined();
    expect(server.requests).toEqual(['GET /user_banks?limit=2']);
  });

  test('the write guard alone refuses a write past the budget before a byte is sent, and a refused write gives its slot back', async () => {
    const server = await serve((req, res, n) => json(res, n === 1 ? 400 : 201, { id: `ub_${n}` }));
    const budget = new WriteBudget(1);
    const send = compose([guard(budget)], core(server.url));
    const post = () => send(outgoing({ method: 'POST', path: '/user_banks', json: { user_id: 'u1' } }));
    expect((await post()).status).toBe(400);
    expect(budget.remaining).toBe(1);
    expect((await post()).status).toBe(201);
    expect(budget.spent).toBe(1);
    const connectionsBefore = server.connections;
    expect(await codeOf(post())).toBe('WRITE_BUDGET');
    expect(server.requests).toHaveLength(2);
    expect(server.connections).toBe(connectionsBefore);
    // A read holds no slot: the spent budget lets it through.
    expect((await send(outgoing({ path: '/user_banks' }))).status).toBe(201);
  });

  test('with no budget at all not even a connection is opened', async () => {
    const server = await serve((_req, res) => json(res, 201, { id: 'ub_1' }));
    const send = compose([guard(new WriteBudget(0))], core(server.url));
    expect(await codeOf(send(outgoing({ method: 'POST', path: '/user_banks', json: {} })))).toBe('WRITE_BUDGET');
    expect(server.connections).toBe(0);
    expect(server.requests).toEqual([]);
  });

  test('the guard asks the API it is given which request may create, and knows no path itself', async () => {
    const server = await serve((_req, res) => json(res, 201, {}));
    // Another API, where a DELETE of /vaults creates a receipt and nothing else creates anything.
    const api: ApiKnowledge = {
      isWrite: ({ method }) => method !== 'GET',
      mayCreate: ({ method, path }) => method === 'DELETE' && path.startsWith('/vaults'),
      resendMayDouble: () => false,
      createdIdOf: () => undefined,
      tokenRead: { path: '/vaults' },
    };
    const send = compose([guard(new WriteBudget(0), api)], core(server.url));
    expect((await send(outgoing({ method: 'POST', path: '/user_banks', json: {} }))).status).toBe(201);
    expect(await codeOf(send(outgoing({ method: 'DELETE', path: '/vaults/1' })))).toBe('WRITE_BUDGET');
    expect(server.requests).toEqual(['POST /user_banks']);
  });

  test('outside the transient resend the guard sees one write; inside it, each resend is a write of its own', async () => {
    const twice = async (order: 'guard outside' | 'guard inside'): Promise<{ writes: number; statuses: number[] }> => {
      const server = await serve((_req, res, n) => json(res, n === 1 ? 503 : 201, { id: `ub_${n}` }));
      const ended = { writes: 0 };
      const recoveries: TransientStats = { retried: {}, persisted: {}, connectionResends: 0, storedDespiteRefusal: 0 };
      const record = new ExchangeRecord(0, []);
      const resend = transientResend({
        maxRetries: 3,
        maxDelayMs: 10,
        safeToResend: async () => true,
        recoveries,
        markResent: (refused) => record.markResent(refused),
        availability: new Availability(),
        markUnavailable: (refused) => record.markUnavailable(refused),
      });
      const budget = new WriteBudget(1);
      const policies =
        order === 'guard outside' ? [guard(budget, bankLinkingApi, ended), resend] : [resend, guard(budget, bankLinkingApi, ended)];
      const send = compose([...policies, record.recording, record.numbering], core(server.url));
      const exchange = await send(outgoing({ method: 'PUT', path: '/user_banks/ub_1', json: {} }));
      expect(exchange.status).toBe(201);
      expect(budget.spent).toBe(1);
      expect(recoveries.retried).toEqual({ '503': 1 });
      expect(record.log.map((e) => [e.seq, e.status, e.resent === true])).toEqual([
        [1, 503, true],
        [2, 201, false],
      ]);
      return { writes: ended.writes, statuses: record.log.map((e) => e.status) };
    };
    expect(await twice('guard outside')).toEqual({ writes: 1, statuses: [503, 201] });
    expect(await twice('guard inside')).toEqual({ writes: 2, statuses: [503, 201] });
  });
});
