/**
 * The cursor walker against small scripted servers on 127.0.0.1: each ending it reports, and the
 * bounds that keep a hostile list from hanging a run.
 */
import { ExchangeInvariants } from '../../src/harness/invariants/exchange-invariants.js';
import { AnswerAudit } from '../../src/harness/answer-audit.js';
import { RequestRecurrence } from '../../src/harness/recurrence.js';
import { ListViews } from '../../src/core/model/list-views.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { HttpClient } from '../../src/http/client.js';
import { bankLinkingApi } from '../../src/contract/operations/bank-linking-api.js';
import { Redactor } from '../../src/http/redact.js';
import { checkSpec } from '../../src/contract/checks/registry.js';
import { existedThroughout, idsAfter, notCreatedMeanwhile, stillThere } from '../../src/methods/pagination/stable-items.js';
import { youngByOthers } from '../../src/methods/pagination/others-new-items.js';
import { walk } from '../../src/methods/pagination/walker.js';
import { Probe } from '../../src/harness/probe.js';
import type { RunSettings } from '../../src/harness/settings.js';
import { TrafficRecorder } from '../../src/http/traffic-record.js';
import { JudgedChecks } from '../../src/harness/judged-checks.js';

type Answer = { status?: number; body: unknown };
/** A scripted list: gets the cursor and limit asked, returns the answer. */
type Script = (cursor: string | null, limit: number | null) => Answer;

let server: Server | undefined;
let requests = 0;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function probeFor(script: Script): Promise<Probe> {
  requests = 0;
  server = createServer((req, res) => {
    requests += 1;
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const limitRaw = url.searchParams.get('limit');
    const answer = script(url.searchParams.get('cursor'), limitRaw === null ? null : Number(limitRaw));
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(text);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  const settings: RunSettings = {
    baseUrl: `http://127.0.0.1:${port}`,
    embedded: false,
    tokenA: 'walker-test-token-a',
    userIdA: 'u1',
    readOnly: true,
    maxWrites: 0,
    seed: 1,
    runs: 1,
    concurrency: 1,
    rateLimit: 0,
    timeoutMs: 5_000,
    maxBodyBytes: 1_000_000,
    checkTimeoutMs: 30_000,
  };
  const client = new HttpClient({ ...settings, api: bankLinkingApi, maxRetryAfterMs: 100, maxThrottleRetries: 0, throttleBudgetMs: 100 });
  return new Probe(checkSpec('user-banks.list.schema'), {
    settings,
    client,
    redactor: new Redactor([]),
    // A client made here has no run observers: its answers are not learned, recorded or judged.
    observers: [],
    audit: new AnswerAudit(settings.baseUrl),
    recurrence: new RequestRecurrence(),
    judged: new JudgedChecks(),
    invariants: new ExchangeInvariants(settings),
    views: new ListViews(),
    traffic: new TrafficRecorder(),
  });
}

/** A well-behaved offset list of `total` items. */
/**
 * Newest first under an offset cursor, with another writer adding `added(n)` items at the front
 * just before the n-th request (from 1): a page after them starts that many places back.
 */
const growingAtFront = (initial: number, added: (request: number) => number): Script => {
  let total = initial;
  let asked = 0;
  return (cursor, limit) => {
    asked += 1;
    total += added(asked);
    const start = cursor === null ? 0 : Number(cursor);
    const size = limit ?? 100;
    const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ id: `b${total - 1 - start - i}` }));
    const end = start + data.length;
    return { body: { data, next_cursor: end < total ? String(end) : null } };
  };
};

const list =
  (total: number, options: { emptyLastPage?: boolean } = {}): Script =>
  (cursor, limit) => {
    const start = cursor === null ? 0 : Number(cursor);
    const size = limit ?? 100;
    const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({ id: `b${start + i}` }));
    const end = start + data.length;
    const onward = end < total || (options.emptyLastPage === true && data.length === size && data.length > 0);
    return { body: { data, next_cursor: onward ? String(end) : null } };
  };

describe('walk', () => {
  test('follows next_cursor to null and keeps every item and page', async () => {
    const t = await probeFor(list(23));
    const result = await walk(t, { path: '/user_banks', limit: 5 });
    expect(result.end).toBe('complete');
    expect(result.items).toHaveLength(23);
    expect(result.pages.map((p) => p.itemCount)).toEqual([5, 5, 5, 5, 3]);
    expect(result.pages[0]?.cursor).toBeUndefined();
    expect(result.pages[1]?.cursor).toBe('5');
    expect(result.pages.at(-1)?.nextCursor).toBeNull();
  });

  test('accepts one empty last page after a full one', async () => {
    const t = await probeFor(list(10, { emptyLastPage: true }));
    const result = await walk(t, { path: '/user_banks', limit: 5 });
    expect(result.end).toBe('complete');
    expect(result.pages.map((p) => p.itemCount)).toEqual([5, 5, 0]);
  });

  test('an empty list is one complete page', async () => {
    const t = await probeFor(() => ({ body: { data: [], next_cursor: null } }));
    const result = await walk(t, { path: '/user_banks' });
    expect(result).toMatchObject({ end: 'complete', items: [] });
    expect(result.pages).toHaveLength(1);
  });

  test('stops at a repeated cursor', async () => {
    const t = await probeFor((cursor) => ({
      body: { data: [{ id: cursor ?? 'first' }], next_cursor: cursor === 'b' ? 'a' : cursor === 'a' ? 'b' : 'a' },
    }));
    const result = await walk(t, { path: '/user_banks', limit: 1 });
    expect(result.end).toBe('repeated-cursor');
    expect(result.pages).toHaveLength(3);
  });

  test('stops at the second empty page in a row that points onward', async () => {
    let n = 0;
    const t = await probeFor(() => ({ body: { data: [], next_cursor: `c${(n += 1)}` } }));
    const result = await walk(t, { path: '/user_banks', limit: 10 });
    expect(result.end).toBe('empty-page-loop');
    expect(result.pages).toHaveLength(2);
  });

  test('a cursor that never ends stops at the page cap', async () => {
    let n = 0;
    const t = await probeFor(() => ({ body: { data: [{ id: `x${n}` }], next_cursor: `c${(n += 1)}` } }));
    const result = await walk(t, { path: '/user_banks', limit: 1, maxPages: 25 });
    expect(result.end).toBe('page-cap');
    expect(result.pages).toHaveLength(25);
    expect(requests).toBe(25);
    expect(result.detail).toContain('25 pages');
  });

  test('the default page cap bounds a never-ending cursor without a maxPages', async () => {
    let n = 0;
    const t = await probeFor(() => ({
      body: { data: Array.from({ length: 100 }, (_, i) => ({ id: `${n}-${i}` })), next_cursor: `c${(n += 1)}` },
    }));
    const result = await walk(t, { path: '/user_banks' });
    expect(result.end).toBe('page-cap');
    expect(result.pages.length).toBeLessThanOrEqual(30);
  });

  test('a time cap ends a slow never-ending walk', async () => {
    let n = 0;
    const t = await probeFor(() => ({ body: { data: [{ id: n }], next_cursor: `c${(n += 1)}` } }));
    const started = Date.now();
    const result = await walk(t, { path: '/user_banks', limit: 1, maxMs: 150, maxPages: 1_000_000 });
    expect(['time-cap', 'page-cap']).toContain(result.end);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('a walk cut by its time cap on a list of known size says how long the list would need', async () => {
    // 10,000,001 pages fit in the check's 27 s left only at under 2.3 us a page, which no loopback
    // answer reaches: the cap binds on any machine (100,001 pages fitted in a fast moment, and the
    // extended cap then ran into the hard page cap).
    const total = 1_000_000_000;
    const t = await probeFor(list(total));
    const result = await walk(t, { path: '/user_banks', limit: 100, maxMs: 200, maxPages: 1_000_000, knownItems: total });
    expect(result.end).toBe('time-cap');
    expect(result.detail).toMatch(/the list's 1000000000 items \(10000001 pages\) need about \d+ s/);
  });

  test('a page larger than the limit asked ends the walk', async () => {
    const t = await probeFor(() => ({ body: { data: [{ id: 1 }, { id: 2 }, { id: 3 }], next_cursor: 'n' } }));
    const result = await walk(t, { path: '/user_banks', limit: 2 });
    expect(result.end).toBe('oversized-page');
    expect(result.endExchange?.status).toBe(200);
  });

  test('a page above 100 is oversized even when more was asked', async () => {
    const t = await probeFor(() => ({ body: { data: Array.from({ length: 101 }, (_, i) => ({ id: i })), next_cursor: null } }));
    const result = await walk(t, { path: '/user_banks', limit: 500 });
    expect(result.end).toBe('oversized-page');
  });

  test('a missing next_cursor or a null data is a bad envelope', async () => {
    const t1 = await probeFor(() => ({ body: { data: [{ id: 1 }] } }));
    const missing = await walk(t1, { path: '/user_banks' });
    expect(missing.end).toBe('bad-envelope');
    expect(missing.detail).toContain('next_cursor is missing');
    expect(missing.items).toHaveLength(1);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const t2 = await probeFor(() => ({ body: { data: null, next_cursor: null } }));
    const nullData = await walk(t2, { path: '/user_banks' });
    expect(nullData.end).toBe('bad-envelope');
    expect(nullData.detail).toContain('data is null');
  });

  test('a non-2xx page ends the walk with its status', async () => {
    const t = await probeFor((cursor) =>
      cursor === null ? { body: { data: [{ id: 1 }], next_cursor: 'x' } } : { status: 500, body: { error: 'boom' } },
    );
    const result = await walk(t, { path: '/user_banks', limit: 1 });
    expect(result.end).toBe('http-error');
    expect(result.pages.map((p) => p.status)).toEqual([200, 500]);
    expect(result.detail).toContain('500');
  });

  test('a list growing at its front under an offset cursor: the walk pages over the ids it is shifted back to, and ends', async () => {
    // Newest first; another writer adds one item at the front every second request, so each page at
    // limit=1 starts one place back every other time: half the pages read an id again.
    const t = await probeFor(growingAtFront(30, (request) => (request % 2 === 0 ? 1 : 0)));
    const result = await walk(t, { path: '/user_banks', limit: 1, expectedItems: 30, maxPages: 36 });
    expect(result.end, result.detail).toBe('complete');
    // Every item there at the start was read; the ones added before the walk's place never are.
    const ids = new Set(result.items.map((item) => (item as { id: string }).id));
    expect(Array.from({ length: 30 }, (_, i) => `b${i}`).filter((id) => !ids.has(id))).toEqual([]);
  });

  test('a cursor going round to the start of a long list is not growth: the walk stops at its cap', async () => {
    const t = await probeFor((cursor, limit) => {
      const start = cursor === null ? 0 : Number(cursor);
      const data = [{ id: `b${start % 40}` }];
      return { body: { data, next_cursor: String(start + (limit ?? 1)) } };
    });
    const result = await walk(t, { path: '/user_banks', limit: 1, expectedItems: 40, maxPages: 60 });
    expect(result.end).toBe('page-cap');
    expect(result.pages.length).toBe(60);
  });

  test('a cursor that goes back to the start with a fresh value is a loop once a whole lap comes back, page for page', async () => {
    // 15 items at limit 10: the last page points to the start again, each time with a new cursor.
    let laps = 0;
    const t = await probeFor((cursor) => {
      const second = cursor?.startsWith('p2') === true;
      if (second) laps += 1;
      const data = Array.from({ length: second ? 5 : 10 }, (_, i) => ({ id: `b${second ? 10 + i : i}` }));
      return { body: { data, next_cursor: second ? `start-${laps}` : `p2-${laps}` } };
    });
    const result = await walk(t, { path: '/user_banks', limit: 10, maxPages: 1_000 });
    expect(result.end).toBe('repeated-cursor');
    expect(result.pages).toHaveLength(4);
    expect(result.detail).toContain('pages 3 to 4 list the same items, page for page, as pages 1 to 2');
  });

  test('a page that reads the first page again because items were added before its place is not a loop', async () => {
    // Newest first with an offset cursor; five items are added at the front just before the second
    // page, which then holds the first page's items again; the walk goes on and ends.
    const t = await probeFor(growingAtFront(12, (request) => (request === 2 ? 5 : 0)));
    const result = await walk(t, { path: '/user_banks', limit: 5, maxPages: 20 });
    expect(result.end, result.detail).toBe('complete');
    expect(result.items.slice(5, 10)).toEqual(result.items.slice(0, 5));
  });

  test('passes the query on every page', async () => {
    const seen: string[] = [];
    const t = await probeFor((cursor, limit) => {
      seen.push(`${cursor}:${limit}`);
      return list(6)(cursor, limit);
    });
    const result = await walk(t, { path: '/user_banks', limit: 4, query: { status: 'active' } });
    expect(result.end).toBe('complete');
    expect(seen).toEqual(['null:4', '4:4']);
  });
});

describe('the walks afterwards that excuse other writers (stable-items.ts)', () => {
  test('an id one walk afterwards happens not to list is not taken as removed when the other lists it', async () => {
    // Each query leaves out another item, as a list in an order that is not unique does under offset
    // pages: a single walk afterwards would excuse the item it left out as removed by someone else.
    let queries = 0;
    const items = ['b0', 'b1', 'b2', 'b3'];
    const t = await probeFor(() => {
      const left = items[queries++ % items.length];
      return { body: { data: items.filter((id) => id !== left).map((id) => ({ id })), next_cursor: null } };
    });
    const after = await idsAfter(t, { path: '/user_banks' }, Date.now() - 1);
    expect([...after.ids].sort()).toEqual(items);
    expect(after.ended).toBe(true);
    expect(stillThere(['b0', 'b1', 'gone'], after)).toEqual({ shown: ['b0', 'b1'], untold: [] });
    expect(notCreatedMeanwhile(['b2', 'phantom'], after)).toEqual({ shown: ['phantom'], untold: [] });
    expect(queries).toBe(2);
  });

  test('walks afterwards that never reach the end show what they list, and leave every absence untold', async () => {
    // A cursor that always points onward: the walks end at their page cap, having listed b0..b3 over and over.
    const t = await probeFor((cursor) => {
      const at = Number(cursor ?? 0);
      return { body: { data: [{ id: `b${at % 4}` }], next_cursor: String(at + 1) } };
    });
    const after = await idsAfter(t, { path: '/user_banks', maxPages: 6 }, Date.now() - 1);
    expect(after.ended).toBe(false);
    expect(after.why).toMatch(/page cap/);
    // Listed afterwards: lost by the compared walk (shown), or an extra that exists (excused); never listed: untold either way.
    expect(stillThere(['b1', 'gone'], after)).toEqual({ shown: ['b1'], untold: ['gone'] });
    expect(notCreatedMeanwhile(['b2', 'phantom'], after)).toEqual({ shown: [], untold: ['phantom'] });
  });
});

describe("another writer's items created while compared walks read (others-new-items.ts)", () => {
  const at = (ms: number): string => new Date(ms).toISOString();

  test("items the run did not write, created by the server's clock since the settle window before the first walk, are young; the rest are not", async () => {
    const now = Date.now();
    const items = [
      { id: 'old', created_at: at(now - 3_600_000) },
      { id: 'young', created_at: at(now + 1_000) },
      { id: 'within-window', created_at: at(now - 2_000) },
      { id: 'own', created_at: at(now + 1_000) },
      { id: 'local', created_at: at(now + 1_000).replace('Z', '') },
      { id: 'no-time' },
    ];
    const t = await probeFor(() => ({ body: { data: items, next_cursor: null } }));
    t.run.client.createdIds.add('own');
    const first = await walk(t, { path: '/user_banks', limit: 100 });
    const young = youngByOthers(t, first, first.items);
    expect(items.map((i) => i.id).filter(young)).toEqual(['young', 'within-window']);
    // Without a Date header there is no server clock to read created_at against: nothing is young.
    const dateless = youngByOthers(t, { ...first, evidence: [] }, first.items);
    expect(items.map((i) => i.id).filter(dateless)).toEqual([]);
  });

  test('differences that are young items are set apart with no walk afterwards; an old item lost is still shown', async () => {
    const now = Date.now();
    const old = [0, 1, 2].map((n) => ({ id: `old${n}`, created_at: at(now - 3_600_000) }));
    const t = await probeFor(() => ({ body: { data: old, next_cursor: null } }));
    const first = await walk(t, { path: '/user_banks', limit: 100 });
    const later = { ...first, items: [...old.slice(1), { id: 'new', created_at: at(now + 500) }] };
    const before = requests;
    const setApart = await existedThroughout(t, { path: '/user_banks' }, { first, later }, { lost: [], extra: ['new'] }, Date.now());
    expect(setApart).toEqual({ lost: [], extra: [], untold: [], young: 1 });
    expect(requests).toBe(before);
    const weighed = await existedThroughout(t, { path: '/user_banks' }, { first, later }, { lost: ['old0'], extra: ['new'] }, Date.now());
    expect(weighed).toMatchObject({ lost: ['old0'], extra: [], untold: [], young: 1 });
  });
});
