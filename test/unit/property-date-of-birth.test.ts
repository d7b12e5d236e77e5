/** dateOfBirthProblem, property-based: every calendar day passes; 0-based months, impossible days and fractions do not. */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { dateOfBirthProblem } from '../../src/core/domain/date-of-birth.js';

const day = fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2030, 11, 31)), noInvalidDate: true });
const parts = (d: Date) => ({ date: d.getUTCDate(), month: d.getUTCMonth() + 1, year: d.getUTCFullYear() });

test('every day of the calendar is a date of birth', () => {
  fc.assert(
    fc.property(day, (d) => dateOfBirthProblem(parts(d)) === undefined),
    { seed: 1, numRuns: 500 },
  );
});

test('a 0-based month is caught where it falls outside 1..12 or names another day', () => {
  expect(dateOfBirthProblem({ date: 15, month: 0, year: 1990 })).toMatch(/month 0/);
  fc.assert(
    fc.property(day, (d) => {
      const shifted = { ...parts(d), month: parts(d).month - 1 };
      // January becomes 0 (caught); other months are still months, so only the value changes: not decidable alone.
      return parts(d).month !== 1 || dateOfBirthProblem(shifted) !== undefined;
    }),
    { seed: 2, numRuns: 300 },
  );
});

test('days the calendar lacks, fractions and out-of-range days are problems; other shapes are left to the schema', () => {
  expect(dateOfBirthProblem({ date: 31, month: 4, year: 2000 })).toMatch(/not a day of the calendar/);
  expect(dateOfBirthProblem({ date: 29, month: 2, year: 2001 })).toMatch(/not a day of the calendar/);
  expect(dateOfBirthProblem({ date: 29, month: 2, year: 2000 })).toBeUndefined();
  expect(dateOfBirthProblem({ date: 0, month: 3, year: 2000 })).toMatch(/day of month/);
  expect(dateOfBirthProblem({ date: 1.5, month: 3, year: 2000 })).toMatch(/fraction/);
  expect(dateOfBirthProblem('1990-01-15')).toBeUndefined();
  expect(dateOfBirthProblem({ date: '15', month: 1, year: 1990 })).toBeUndefined();
});
