/**
 * The relation of src/harness/invariants/onward-pages-full.ts: a page that points onward to a page
 * holding items that existed when it was read holds its limit. The end of a list (a short page, then
 * an empty one), a list that grew after the short page (another writer), and pages moved down by items
 * added at the front (an offset cursor) are never judged a break.
 */
import { expect, test } from 'vitest';
import { ExchangeInvariants } from '../../src/harness/invariants/exchange-invariants.js';
import type { Exchange } from '../../src/http/exchange.js';
import { TEST_BASE, answered } from '../support/answered-exchange.js';

const SETTLE_MS = 1_000;
const bank = (id: string, status = 'active') => ({ id, user_id: 'usr_a', status });

/** A page answered at `at` (ms), asked with `query`, holding `ids`, pointing to `next`. */
function page(at: number, query: string, ids: string[], next: string | null, status = 'active'): Exchange {
  const exchange = answered('GET', `/user_banks${query}`, 200, { data: ids.map((id) => bank(id, status)), next_cursor: next });
  return { ...exchange, startedAt: at, durationMs: 5 };
}

function judged(...pages: Exchange[]) {
  const invariants = new ExchangeInvariants({ baseUrl: TEST_BASE, tokenA: 'tok-a', settleMs: SETTLE_MS });
  for (const p of pages) invariants.inspect(p);
  return invariants.tally('http.onward-pages-full');
}

const ids = (from: number, count: number): string[] => Array.from({ length: count }, (_, i) => `ub_${from + i}`);

test('a page short of its limit whose next page holds items listed before it was asked: a finding on the short page', () => {
  const earlier = page(0, '', ids(0, 40), null);
  const short = page(5_000, '?limit=30', ids(0, 25), 'c1');
  const next = page(5_100, '?limit=30&cursor=c1', ids(25, 15), null);
  const tally = judged(earlier, short, next);
  expect(tally.found).toBe(1);
  expect(tally.findings[0]?.exchange.seq).toBe(short.seq);
  expect(tally.findings[0]?.message).toContain('asked with limit 30 holds 25 User Banks and points onward');
  expect(tally.findings[0]?.requirements).toEqual(['list_user_banks.limit.range']);
});

test('with no limit sent, the page size is the default 100; a page of 100 that points onward is full', () => {
  const earlier = page(0, '?limit=100', ids(0, 100), 'c0');
  const later = page(10, '?limit=100&cursor=c0', ids(100, 60), null);
  const full = page(5_000, '', ids(0, 100), 'c1');
  const short = page(5_000, '?status=active', ids(0, 50), 'c2');
  const afterFull = page(5_100, '?cursor=c1', ids(100, 60), null);
  const afterShort = page(5_100, '?status=active&cursor=c2', ids(50, 60), null);
  const tally = judged(earlier, later, full, short, afterFull, afterShort);
  expect(tally.found).toBe(1);
  expect(tally.findings[0]?.exchange.seq).toBe(short.seq);
  expect(tally.findings[0]?.message).toContain('limit 100 holds 50');
});

test('a short page that points to an empty page ends the list: no finding', () => {
  const earlier = page(0, '', ids(0, 25), null);
  const short = page(5_000, '?limit=30', ids(0, 25), 'c1');
  const next = page(5_100, '?limit=30&cursor=c1', [], null);
  expect(judged(earlier, short, next).found).toBe(0);
});

test('items written after the short page was read (another writer) are no break, nor items listed within the settle window', () => {
  const earlier = page(0, '', ids(0, 25), null);
  const recent = page(4_500, '', ids(0, 27), null); // ub_25 and ub_26 listed 500 ms before the short page: within the window
  const short = page(5_000, '?limit=30', ids(0, 25), 'c1');
  const next = page(5_100, '?limit=30&cursor=c1', ids(25, 3), null); // ub_27 was never listed before
  expect(judged(earlier, recent, short, next).found).toBe(0);
});

test('items moved down from the short page or the pages before it (an offset cursor, items added at the front) are no break', () => {
  const earlier = page(0, '', ids(0, 30), null);
  const first = page(5_000, '?limit=20', ids(0, 20), '20');
  const short = page(5_010, '?limit=20&cursor=20', ids(20, 10), '30');
  // Fifteen items added at the front since: offset 30 now holds what was at 15 to 29.
  const next = page(5_100, '?limit=20&cursor=30', [...ids(15, 15), ...ids(100, 5)], null);
  expect(judged(earlier, first, short, next).found).toBe(0);
});

test('a page reached by a cursor no recorded page issued has an unknown walk: not judged', () => {
  const earlier = page(0, '', ids(0, 40), null);
  const short = page(5_000, '?limit=30&cursor=elsewhere', ids(10, 20), 'c1');
  const next = page(5_100, '?limit=30&cursor=c1', ids(0, 10), null);
  expect(judged(earlier, short, next).found).toBe(0);
});

test("a filtered page is judged by what the caller's views listed with the filter's value, and by its own caller and filters", () => {
  const earlier = page(0, '', ids(0, 10), null, 'inactive'); // listed, but inactive then
  const short = page(5_000, '?status=active&limit=30', ids(20, 5), 'c1');
  const next = page(5_100, '?status=active&limit=30&cursor=c1', ids(0, 10), null);
  // The same cursor passed back under another filter leads to another listing's page: not this page's next.
  const otherFilter = page(5_100, '?status=inactive&limit=30&cursor=c1', ids(0, 10), null, 'inactive');
  expect(judged(earlier, short, next, otherFilter).found).toBe(0);
});

test('a query spelled otherwise than the spec spells it (a limit with a leading zero, a parameter twice) is not judged', () => {
  const earlier = page(0, '', ids(0, 40), null);
  const padded = page(5_000, '?limit=030', ids(0, 25), 'c1');
  const twice = page(5_000, '?limit=30&limit=30', ids(0, 25), 'c2');
  const afterPadded = page(5_100, '?limit=030&cursor=c1', ids(25, 15), null);
  const afterTwice = page(5_100, '?limit=30&limit=30&cursor=c2', ids(25, 15), null);
  expect(judged(earlier, padded, twice, afterPadded, afterTwice).found).toBe(0);
});

test('a break seen only within the fitted window is no finding, and is counted unconfirmed until walks after the whole window show it', () => {
  const invariants = new ExchangeInvariants({ baseUrl: TEST_BASE, tokenA: 'tok-a', settleMs: 5_000, fittedSettleMs: () => 1_000 });
  const earlier = page(0, '', ids(0, 40), null);
  // Asked 2 s after the items were listed: within the whole window, past the fitted one.
  for (const p of [earlier, page(2_000, '?limit=30', ids(0, 25), 'c1'), page(2_100, '?limit=30&cursor=c1', ids(25, 15), null)])
    invariants.inspect(p);
  expect(invariants.tally('http.onward-pages-full').found).toBe(0);
  expect(invariants.unconfirmed()).toBe(1);
  // The same walk again once the whole window has passed: the break is final.
  const again = page(6_000, '?limit=30', ids(0, 25), 'c2');
  for (const p of [again, page(6_100, '?limit=30&cursor=c2', ids(25, 15), null)]) invariants.inspect(p);
  const tally = invariants.tally('http.onward-pages-full');
  expect(tally.found).toBe(1);
  expect(tally.findings[0]?.exchange.seq).toBe(again.seq);
});
