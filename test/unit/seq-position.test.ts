/** A keyset cursor resumes at the first row past it, whether the rows are in order (halved) or not (read from the start). */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { firstPast } from '../../src/lab/choices/seq-position.js';

const byFindIndex = (rows: { seq: number }[], seq: number, order: 'asc' | 'desc'): number => {
  const index = rows.findIndex((row) => (order === 'asc' ? row.seq > seq : row.seq < seq));
  return index === -1 ? rows.length : index;
};

test('the first row past a seq is the one the rows read from the start give, in order, out of order and with ties', () => {
  const seqs = fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 30 });
  const shaped = fc.tuple(seqs, fc.constantFrom('sorted', 'reversed', 'as-is')).map(([list, shape]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return (shape === 'sorted' ? sorted : shape === 'reversed' ? sorted.reverse() : list).map((seq) => ({ seq }));
  });
  fc.assert(
    fc.property(shaped, fc.integer({ min: -1, max: 41 }), fc.constantFrom('asc' as const, 'desc' as const), (rows, seq, order) => {
      expect(firstPast(rows, seq, order)).toBe(byFindIndex(rows, seq, order));
    }),
  );
});

test('a list read as in order is read again once it grows out of order', () => {
  const rows = [{ seq: 1 }, { seq: 3 }, { seq: 5 }];
  expect(firstPast(rows, 3, 'asc')).toBe(2);
  rows.push({ seq: 2 });
  expect(firstPast(rows, 1, 'asc')).toBe(1);
  expect(firstPast(rows, 3, 'asc')).toBe(2);
  rows.push({ seq: 9 });
  expect(firstPast(rows, 5, 'asc')).toBe(4);
});
