/** The model of a stateful sequence (src/core/model/caller-data.ts): what a listing must hold, whose data is whose. */
import { expect, test } from 'vitest';
import { CallerData, sharedFacts } from '../../src/core/model/caller-data.js';

const users = { a: ['ua1', 'ua2'], b: ['ub1'] };

test("a listing must hold the caller's own banks answered before it began, of the filter's User", () => {
  const data = new CallerData(users, sharedFacts(5));
  data.created({ id: 'x', caller: 'a', userId: 'ua1', answeredAt: 100, step: 1 });
  data.created({ id: 'y', caller: 'a', userId: 'ua2', answeredAt: 300, step: 2 });
  data.created({ id: 'z', caller: 'b', userId: 'ub1', answeredAt: 100, step: 3 });
  expect(data.mustList('a', { kind: 'none' }, 200).map((b) => b.id)).toEqual(['x']);
  expect(data.mustList('a', { kind: 'none' }, 400).map((b) => b.id)).toEqual(['x', 'y']);
  expect(data.mustList('a', { kind: 'user', userId: 'ua2' }, 400).map((b) => b.id)).toEqual(['y']);
  // A status may move (spec 3): a status filter is never held to a membership.
  expect(data.mustList('a', { kind: 'status', status: 'active' }, 400)).toEqual([]);
  expect(data.mustList('b', { kind: 'none' }, 400).map((b) => b.id)).toEqual(['z']);
});

test('whose a bank and a User are is shared by every sequence of the check', () => {
  const shared = sharedFacts(1);
  const first = new CallerData(users, shared);
  first.created({ id: 'x', caller: 'a', userId: 'ua1', answeredAt: 1, step: 1 });
  const second = new CallerData(users, shared);
  expect(second.ownerOfBank('x')).toBe('a');
  expect(second.ownerOfUser('ub1')).toBe('b');
  expect(second.ownerOfUser('nobody')).toBeUndefined();
  // ... but not the banks a later listing must hold: each sequence holds only to what it did itself.
  expect(second.mustList('a', { kind: 'none' }, 10)).toEqual([]);
});

test('creates stop at the shared allowance, and without a second caller only A acts', () => {
  const shared = sharedFacts(2);
  const data = new CallerData({ a: ['ua1'], b: [] }, shared);
  expect([data.takeCreate(), new CallerData(users, shared).takeCreate(), data.takeCreate()]).toEqual([true, true, false]);
  expect(data.callers).toEqual(['a']);
  expect(new CallerData(users, shared).callers).toEqual(['a', 'b']);
});
