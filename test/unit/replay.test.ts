/**
 * The replay's parts (src/methods/replay/): its spellings are requests a real client sends as spelled, its
 * credentials never print a token, and its judge tells a refusal or a stranger's own data from the
 * caller's data served to a stranger.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { leaksIn } from '../../src/methods/replay/callers-data.js';
import { replayCredentials } from '../../src/methods/replay/credentials.js';
import { otherResourceServed, servedToStranger } from '../../src/methods/replay/judge.js';
import type { ReplayedRead } from '../../src/methods/replay/replay-run.js';
import { distinctReads } from '../../src/methods/replay/sample.js';
import { equivalentSpellings } from '../../src/methods/replay/spellings.js';
import type { Exchange } from '../../src/http/exchange.js';

const segment = fc.stringMatching(/^[a-z][a-z_]{0,20}$/);
const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);

describe('equivalent spellings', () => {
  test('every spelling reaches the wire as spelled (no client normalises it away), differs from the original, and keeps the id', () => {
    fc.assert(
      fc.property(
        segment,
        fc.option(id, { nil: undefined }),
        fc.dictionary(fc.constantFrom('limit', 'cursor', 'status', 'user_id'), id, { maxKeys: 3 }),
        (first, itemId, query) => {
          const path = itemId === undefined ? `/${first}` : `/${first}/${itemId}`;
          const original = new URL(`http://127.0.0.1:1/v1${path}`);
          for (const [k, v] of Object.entries(query)) original.searchParams.append(k, v);
          const spellings = equivalentSpellings(path, query);
          expect(new Set(spellings.map((s) => s.name)).size).toBe(spellings.length);
          for (const spelling of spellings) {
            const url = new URL(`http://127.0.0.1:1/v1${spelling.path}`);
            for (const [k, v] of Object.entries(spelling.query ?? {})) url.searchParams.append(k, v);
            // A spelling of a query value carries its raw query in the path, which must reach the wire as written too.
            const [pathOnly, raw] = spelling.path.split('?') as [string, string | undefined];
            expect(url.pathname).toBe(`/v1${pathOnly}`);
            if (raw !== undefined) expect(url.search).toBe(`?${raw}`);
            expect(url.toString()).not.toBe(original.toString());
            // Every spelling names the same id and the same query values once decoded (RFC 3986 6.2.2.2).
            if (itemId !== undefined) expect(decodeURIComponent(url.pathname).replace(/\/$/, '').endsWith(`/${itemId}`)).toBe(true);
            for (const [k, v] of Object.entries(query)) expect(url.searchParams.get(k)).toBe(v);
          }
        },
      ),
      { seed: 20261125, numRuns: 200 },
    );
  });

  test('the query is reordered only when it has two parameters or more', () => {
    expect(equivalentSpellings('/user_banks', { limit: '5' }).some((s) => s.name.includes('reverse'))).toBe(false);
    const reversed = equivalentSpellings('/user_banks', { limit: '5', user_id: 'u1' }).find((s) => s.name.includes('reverse'));
    expect(Object.keys(reversed?.query ?? {})).toEqual(['user_id', 'limit']);
  });
});

test('no replay credential names the token it carries', () => {
  const token = 'tok_SECRET_0123456789';
  const credentials = replayCredentials(token, true);
  expect(credentials.map((c) => c.name).join(' ')).not.toContain('SECRET');
  expect(credentials.filter((c) => c.otherCaller).map((c) => c.auth)).toEqual(['b']);
  expect(replayCredentials(token, false).some((c) => c.otherCaller)).toBe(false);
});

const answer = (status: number, json: unknown): Exchange => ({
  seq: 1,
  request: { method: 'GET', url: 'http://x/', headers: {} },
  status,
  headers: {},
  bodyText: json === undefined ? '' : JSON.stringify(json),
  json,
  durationMs: 1,
  throttledRetries: 0,
});

const data = { userIds: new Set(['usr_a']), accountNumbers: new Set(['12345678901234567']) };
const userA = { id: 'usr_a', first_name: 'A', ssn: '123' };

describe('the judge', () => {
  const read = (original: Exchange, otherCallersOriginal?: Exchange): ReplayedRead => ({
    read: { operation: 'get_user', path: '/users/usr_a', query: {} },
    original,
    ...(otherCallersOriginal ? { otherCallersOriginal } : {}),
    replays: [],
  });

  test("the caller's data, anywhere in the answer, is found", () => {
    expect(leaksIn({ data: [{ id: 'b1', user_id: 'usr_a' }] }, data)).toHaveLength(1);
    expect(leaksIn({ wrapped: { user: userA } }, data)).toHaveLength(1);
    expect(leaksIn({ data: [{ id: 'b2', user_id: 'usr_b', account_number: '12345678901234567' }] }, data)).toHaveLength(1);
    expect(leaksIn({ data: [{ id: 'b3', user_id: 'usr_b', account_number: '999' }] }, data)).toEqual([]);
  });

  test('a refusal, or a stranger served its own data, passes', () => {
    expect(servedToStranger(read(answer(200, userA)), answer(401, { error: 'x' }), data, false)).toBeUndefined();
    expect(servedToStranger(read(answer(200, userA), answer(404, { e: 1 })), answer(404, { e: 1 }), data, true)).toBeUndefined();
    const rfpA = { data: [{ id: 'r1' }], next_cursor: null };
    // Two callers whose mock holds the very same registrations: equal answers are no leak.
    expect(servedToStranger(read(answer(200, rfpA), answer(200, rfpA)), answer(200, rfpA), data, true)).toBeUndefined();
  });

  test("HEAD served to a stranger where the caller's GET is served fails: the same operation without its body", () => {
    const head = { ...answer(200, undefined), request: { method: 'HEAD', url: 'http://x/', headers: {} } };
    expect(servedToStranger(read(answer(200, userA)), head, data, false)).toMatch(/RFC 9110 9.3.2/);
    expect(servedToStranger(read(answer(404, {})), head, data, false)).toBeUndefined();
    expect(servedToStranger(read(answer(200, userA)), { ...head, status: 401 }, data, false)).toBeUndefined();
  });

  test("the caller's answer served to a stranger fails, by data, word for word or by its members", () => {
    expect(servedToStranger(read(answer(200, userA)), answer(200, userA), data, false)).toMatch(/User usr_a/);
    const rfpA = { data: [{ id: 'r1' }], next_cursor: null };
    expect(
      servedToStranger(read(answer(200, rfpA), answer(200, { data: [{ id: 'r9' }], next_cursor: null })), answer(200, rfpA), data, true),
    ).toMatch(/word for word/);
    expect(servedToStranger(read(answer(200, rfpA)), answer(200, { data: [], next_cursor: null }), data, false)).toMatch(
      /operation served/,
    );
  });

  test("with the caller's token, another User or a dropped filter is another resource", () => {
    expect(otherResourceServed(read(answer(200, userA)), answer(200, { ...userA, id: 'usr_z' }))?.requirement).toBe('get_user.identity');
    expect(otherResourceServed(read(answer(200, userA)), answer(200, userA))).toBeUndefined();
    const list: ReplayedRead = {
      read: { operation: 'list_user_banks', path: '/user_banks', query: { user_id: 'usr_a' } },
      original: answer(200, { data: [] }),
      replays: [],
    };
    expect(
      otherResourceServed(list, answer(200, { data: [{ user_id: 'usr_a' }, { user_id: 'usr_c' }], next_cursor: null }))?.requirement,
    ).toBe('list_user_banks.user_id_filter');
    expect(otherResourceServed(list, answer(404, {}))).toBeUndefined();
  });
});

test("the replay takes every distinct read, the caller's successful GETs of the spec's paths only, one cursor per listing, every kind first", () => {
  const entry = (url: string, status = 200, auth: 'a' | 'b' = 'a', method = 'GET') => ({
    seq: 1,
    method,
    url,
    status,
    contentType: 'application/json',
    bodyBytes: 2,
    jsonParses: true,
    auth,
  });
  const log = [
    entry('http://h/v1/user_banks?limit=5&cursor=c1'),
    entry('http://h/v1/user_banks?limit=5&cursor=c2'),
    entry('http://h/v1/user_banks?limit=7'),
    entry('http://h/v1/user_banks?limit=9&cursor=c3'),
    entry('http://h/v1/user_banks?status=active', 200, 'b'),
    entry('http://h/v1/user_banks?limit=0', 400),
    entry('http://h/v1/USER_BANKS'),
    entry('http://h/v1/user_banks', 201, 'a', 'POST'),
  ];
  const reads = distinctReads(log, 'http://h/v1', 'usr_a');
  expect(reads.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`)).toEqual([
    '/users/usr_a?',
    '/user_banks?user_id=usr_a',
    '/user_banks?',
    '/rfp_registrations?',
    '/user_banks?limit=5&cursor=c1',
    '/user_banks?limit=7',
    '/user_banks?limit=9&cursor=c3',
  ]);
});
