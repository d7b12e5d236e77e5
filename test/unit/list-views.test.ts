/**
 * The relations between a run's list views (src/core/model/list-views.ts), on walks built by hand: each
 * relation breaks on the defect it exists for and holds on what a conformant server may do (a late
 * listing, another writer, a status that moved, a near-miss filter value, a walk that did not end).
 */
import { describe, expect, test } from 'vitest';
import { judgeable, ListViews, type ListWalk, type ViewItem } from '../../src/core/model/list-views.js';

const SETTLE = 1_000;

type Items = ViewItem[];
const bank = (id: string, userId = 'u1', status = 'active'): ViewItem => ({ id, userId, status });

/** A walk of the caller's User Banks at `at` (ms), its pages 1 ms apart. */
function walkAt(at: number, pages: Items[], options: Partial<ListWalk<string>> = {}): ListWalk<string> {
  return {
    caller: 'a',
    path: '/user_banks',
    filters: {},
    complete: true,
    evidence: `walk@${at}`,
    ...options,
    pages: pages.map((items, i) => ({ sentAt: at + i, answeredAt: at + i + 1, items })),
  };
}

const relationsOf = (...walks: ListWalk<string>[]) => {
  const views = new ListViews<string>();
  for (const w of walks) views.record(w);
  return views.relations(SETTLE);
};

const all = [bank('b1'), bank('b2', 'u2'), bank('b3', 'u1', 'inactive')];

describe('a filter keeps only its value', () => {
  test('breaks on a walk with two filters that kept one', () => {
    const { breaks } = relationsOf(
      walkAt(0, [all]),
      walkAt(10, [[bank('b1'), bank('b3', 'u1', 'inactive')]], { filters: { user_id: 'u1', status: 'active' } }),
    );
    expect(breaks.map((b) => [b.relation, b.field])).toEqual([['filter-keeps-only', 'status']]);
    expect(breaks[0]?.actual).toContain('b3');
    expect(breaks[0]?.walk.evidence).toBe('walk@10');
  });

  test('breaks on a value no item carries when the walk lists items anyway (two filters, the status dropped)', () => {
    const { breaks } = relationsOf(walkAt(0, [all]), walkAt(10, [[bank('b1')]], { filters: { user_id: 'u1', status: 'suspended' } }));
    expect(breaks.map((b) => [b.relation, b.field])).toEqual([['filter-keeps-only', 'status']]);
  });

  test('holds when every item carries the value; a near-miss of a value the views show is not judged here', () => {
    const nearMiss = walkAt(10, [[bank('b1')]], { filters: { user_id: 'U1' } });
    const exact = walkAt(20, [[bank('b1'), bank('b3', 'u1', 'inactive')]], { filters: { user_id: 'u1' } });
    const { breaks, judged } = relationsOf(walkAt(0, [all]), nearMiss, exact);
    expect(breaks).toEqual([]);
    expect(judged['filter-keeps-only']).toBe(1);
  });
});

describe('an item listed before and after a walk is in it', () => {
  test('breaks on a complete walk that left out a settled item of its filter', () => {
    const before = walkAt(0, [all]);
    const skipped = walkAt(2_000, [[bank('b1')], []], { filters: { user_id: 'u1' }, limit: 1 });
    const after = walkAt(3_000, [all]);
    const { breaks } = relationsOf(before, skipped, after);
    expect(breaks.map((b) => [b.relation, b.field])).toEqual([['item-in-every-view', 'user_id']]);
    expect(breaks[0]?.message).toContain('b3');
  });

  test('an unfiltered walk at another page size is held to the same items', () => {
    const { breaks } = relationsOf(
      walkAt(0, [all]),
      walkAt(2_000, [[bank('b1')], [bank('b3', 'u1', 'inactive')]], { limit: 1 }),
      walkAt(3_000, [all]),
    );
    expect(breaks.map((b) => [b.relation, b.field])).toEqual([['item-in-every-view', 'id']]);
  });

  test("an item only status-filtered walks showed breaks the status filter, in a User's list as in the whole one", () => {
    const inactive = bank('b3', 'u1', 'inactive');
    const hidden = [bank('b1'), bank('b2', 'u2')];
    const { breaks } = relationsOf(
      walkAt(0, [[inactive]], { filters: { status: 'inactive' } }),
      walkAt(2_000, [[bank('b1')]], { filters: { user_id: 'u1' } }),
      walkAt(2_100, [hidden]),
      walkAt(3_000, [[inactive]], { filters: { status: 'inactive' } }),
    );
    expect(breaks.map((b) => [b.relation, b.field])).toEqual([
      ['item-in-every-view', 'status'],
      ['item-in-every-view', 'status'],
    ]);
  });

  test('holds for what a conformant server may do', () => {
    const created = bank('new');
    const { breaks, judged } = relationsOf(
      walkAt(0, [all]),
      // Seen first within the settle window: a replica may still lack it.
      walkAt(1_500, [[...all, created]]),
      walkAt(2_000, [all]),
      // Not seen after: another writer may have removed it meanwhile.
      walkAt(2_100, [all.slice(0, 2)], { limit: 5 }),
      // A status that moved between the sightings is not held to a status filter.
      walkAt(2_200, [[bank('b1')]], { filters: { status: 'active' } }),
      // A walk that did not end is not held to completeness.
      walkAt(2_300, [[bank('b1')]], { complete: false }),
      walkAt(3_000, [[bank('b1'), bank('b2', 'u2', 'inactive'), bank('new')]]),
    );
    expect(breaks).toEqual([]);
    expect(judged['item-in-every-view']).toBeGreaterThan(0);
  });

  test("one caller's views are never held to the other's", () => {
    const { breaks } = relationsOf(walkAt(0, [all]), walkAt(2_000, [[bank('x', 'ub')]], { caller: 'b' }), walkAt(3_000, [all]));
    expect(breaks).toEqual([]);
  });
});

describe('an RfP list is a set over all its pages', () => {
  const rfp = (id: string, useCase: string): ViewItem => ({ id, useCase, status: 'active' });
  const rfpWalk = (pages: Items[], complete = true) => walkAt(0, pages, { path: '/rfp_registrations', complete });

  test('breaks on one use case twice over two pages, and on one id twice', () => {
    const { breaks } = relationsOf(
      rfpWalk([[rfp('r1', 'bill_pay'), rfp('r2', 'account_to_account')], [rfp('r3', 'bill_pay')]]),
      rfpWalk([[rfp('r1', 'bill_pay')], [rfp('r1', 'bill_pay')]]),
    );
    expect(breaks.map((b) => b.field).sort()).toEqual(['id', 'use_case']);
  });

  test('holds on one registration per use case, and judges no walk that did not end', () => {
    const { breaks, judged } = relationsOf(
      rfpWalk([[rfp('r1', 'bill_pay')], [rfp('r2', 'account_to_account')]]),
      rfpWalk([[rfp('r1', 'bill_pay')], [rfp('r1', 'bill_pay')]], false),
    );
    expect(breaks).toEqual([]);
    expect(judged['set-on-whole-walk']).toBe(1);
  });
});

test('the model keeps a bounded number of items and counts the walks it dropped', () => {
  const views = new ListViews<string>();
  const huge = Array.from({ length: 400_000 }, (_, i) => ({ id: `b${i}` }));
  views.record(walkAt(0, [huge]));
  views.record(walkAt(10, [huge]));
  expect(views.walks.length).toBe(1);
  expect(views.dropped).toBe(1);
});

test("an item one caller's walks showed is named when the other caller's walk shows it", () => {
  const views = new ListViews<string>();
  const rfps = (caller: 'a' | 'b', ids: string[]) =>
    walkAt(0, [ids.map((id) => ({ id, useCase: 'bill_pay' }))], { caller, path: '/rfp_registrations' });
  views.record(rfps('a', ['r1', 'r2']));
  views.record(rfps('b', ['r3']));
  expect(views.shownToOther('b', '/rfp_registrations', ['r3'])).toBeUndefined();
  expect(views.shownToOther('b', '/rfp_registrations', ['r3', 'r2'])).toBe('r2');
  expect(views.shownToOther('a', '/user_banks', ['r3'])).toBeUndefined();
});

test('a near-miss of a shown value (another case, a prefix, more at its end) is not judged; an unrelated value is', () => {
  const known = new Set(['active', 'usr_1']);
  expect(['active', 'inactive', 'suspended', 'usr_2'].map((v) => judgeable(v, known))).toEqual([true, true, true, true]);
  expect(['ACTIVE', 'activ', 'usr_10', 'USR_1'].map((v) => judgeable(v, known))).toEqual([false, false, false, false]);
});
