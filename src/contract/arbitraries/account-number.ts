/**
 * Bank account numbers: 4 to 17 digits in a string (the US range), a third of them with leading
 * zeros, which a service that stores the number as an integer would lose.
 */
import fc from 'fast-check';

export const ACCOUNT_NUMBER_MIN = 4;
export const ACCOUNT_NUMBER_MAX = 17;

const digit = fc.constantFrom(...'0123456789');
const digits = (min: number, max: number): fc.Arbitrary<string> => fc.string({ unit: digit, minLength: min, maxLength: max });

export function accountNumber(): fc.Arbitrary<string> {
  const plain = digits(ACCOUNT_NUMBER_MIN, ACCOUNT_NUMBER_MAX);
  const zeroLed = fc
    .tuple(fc.integer({ min: 1, max: 4 }), digits(ACCOUNT_NUMBER_MIN - 1, ACCOUNT_NUMBER_MAX - 1))
    .map(([zeros, rest]) => ('0'.repeat(zeros) + rest).slice(0, ACCOUNT_NUMBER_MAX))
    .filter((n) => n.length >= ACCOUNT_NUMBER_MIN);
  // Shrinking goes to the first arbitrary: leading zeros, the case most worth seeing in a counterexample.
  return fc.oneof({ arbitrary: zeroLed, weight: 1 }, { arbitrary: plain, weight: 2 });
}

/** Digits outside 4..17: too short (1-3) or too long (18-30). */
export function accountNumberOfBadLength(): fc.Arbitrary<string> {
  return fc.oneof(digits(1, ACCOUNT_NUMBER_MIN - 1), digits(ACCOUNT_NUMBER_MAX + 1, 30));
}
