/** The numbers that decide how much the pagination suite walks, and the id arithmetic it judges with. */
import { describe, expect, test } from 'vitest';
import { duplicatesIn, pageOfEachItem } from '../../src/methods/pagination/ids.js';
import {
  PAGES_PER_SMALL_WALK,
  filterLimitFor,
  pageCapFor,
  pagesWithin,
  smallLimitsFor,
  smallWalkBudgetMs,
  SMALL_WALK_MS,
  SIDE_BY_SIDE,
  walkTimeCap,
} from '../../src/methods/pagination/plan.js';
import type { WalkResult } from '../../src/methods/pagination/walker.js';

describe('plan', () => {
  test('small lists walk at 1, 2 and 7', () => {
    expect(smallLimitsFor(105)).toEqual([1, 2, 7]);
    expect(smallLimitsFor(3)).toEqual([1, 2, 7]);
  });

  test('a big list grows the small limits so no walk passes its page budget', () => {
    const limits = smallLimitsFor(10_000);
    expect(limits).toEqual([50]);
    for (const k of limits) expect(Math.ceil(10_000 / k)).toBeLessThanOrEqual(PAGES_PER_SMALL_WALK);
    expect(smallLimitsFor(100_000)).toEqual([]); // every small limit would reach 100: the walk at 100 is the only one
  });

  test('a slow target gets fewer pages per walk, never under 10', () => {
    expect(pagesWithin(20_000, 2)).toBe(PAGES_PER_SMALL_WALK);
    expect(pagesWithin(20_000, 200)).toBe(100);
    expect(pagesWithin(20_000, 10_000)).toBe(10);
    expect(pagesWithin(20_000, 0)).toBe(PAGES_PER_SMALL_WALK);
    expect(smallLimitsFor(105, pagesWithin(20_000, 200))).toEqual([2, 7]);
  });

  test("a small walk takes a few seconds of the target, or twice the time of a long list's own walk", () => {
    // 105 items 50 ms a page away: the reference walk read 2 pages in 0.1 s; limit=1 would be 105 round trips.
    expect(smallWalkBudgetMs(23_000, 100)).toBe(SMALL_WALK_MS);
    expect(smallLimitsFor(105, pagesWithin(smallWalkBudgetMs(23_000, 100), 50))).toEqual([4, 7]);
    // The same list on this machine: every small limit, the page budget unchanged.
    expect(smallLimitsFor(105, pagesWithin(smallWalkBudgetMs(23_000, 2), 1))).toEqual([1, 2, 7]);
    // 12,000 items 37 ms a page away: the reference walk's 122 pages took 4.5 s, the small walk keeps its 200 pages.
    expect(pagesWithin(smallWalkBudgetMs(23_000, 4_500), 37)).toBe(PAGES_PER_SMALL_WALK);
    // Never past the check's share.
    expect(smallWalkBudgetMs(3_000, 10_000)).toBe(3_000);
  });

  test('the page cap allows full pages, one empty last page and slack, no more', () => {
    expect(pageCapFor(105, 1)).toBe(119); // 105 pages, a tenth more for other writers, and 3
    expect(pageCapFor(105, 100)).toBe(5);
    expect(pageCapFor(105, undefined)).toBe(5);
    expect(pageCapFor(0, 7)).toBe(3);
  });

  test('filtered walks get a few pages of at most 7', () => {
    expect(filterLimitFor(60)).toBe(7);
    expect(filterLimitFor(15)).toBe(4);
    expect(filterLimitFor(1)).toBe(1);
  });

  test('a big filtered list gets larger pages, so its walk stays under the page budget', () => {
    expect(filterLimitFor(16_000)).toBe(80);
    expect(filterLimitFor(16_000, 1_000)).toBe(16);
    expect(filterLimitFor(1_000_000)).toBe(100);
  });
});

describe('ids', () => {
  const walkOf = (pages: string[][]): WalkResult => ({
    items: pages.flat().map((id) => ({ id })),
    pages: pages.map((p, index) => ({ index, cursor: undefined, status: 200, itemCount: p.length, nextCursor: null, exchangeSeq: index })),
    end: 'complete',
  });

  test('a repeat across a page boundary names both pages', () => {
    expect(duplicatesIn(walkOf([['a', 'b'], ['b', 'c'], ['d']]))).toEqual([{ id: 'b', pages: [1, 2] }]);
    expect(duplicatesIn(walkOf([['a', 'b'], ['c']]))).toEqual([]);
  });

  test('each item knows its page', () => {
    expect(pageOfEachItem(walkOf([['a', 'b'], [], ['c']]))).toEqual([1, 1, 3]);
  });
});

describe("a walk's time cap follows the target's rate and the list's size", () => {
  test('the pages at the measured rate, with room for the walks beside it, between 40% and 80% of the check bound', () => {
    expect(walkTimeCap(70_000, 1_002, 10)).toBe(Math.ceil(1_002 * 10 * SIDE_BY_SIDE));
    expect(walkTimeCap(70_000, 10, 3)).toBe(28_000);
    expect(walkTimeCap(70_000, 1_002, 100)).toBe(56_000);
  });

  test('nothing measured yet: the walker default of 40% of the check bound', () => {
    expect(walkTimeCap(70_000, 1_002, 0)).toBe(28_000);
    expect(walkTimeCap(70_000, 0, 30)).toBe(28_000);
  });
});
