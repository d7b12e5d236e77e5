/**
 * US ABA routing numbers: 9 digits, the 3-7-1 checksum, and a first two digits a real number can
 * have (01-12 Federal Reserve districts, 21-32 thrifts, 61-72 electronic, 80 traveler's checks).
 * Half the prefixes start with 0, so "returned as given" is tested on leading zeros all the time.
 */
import fc from 'fast-check';
import { abaCheckDigit } from '../../core/domain/routing-number.js';

const range = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0'));

/** The first-listed prefix is what shrinking goes to: one with a leading zero. */
export const ROUTING_PREFIXES: readonly string[] = [...range(1, 12), ...range(21, 32), ...range(61, 72), '80'];

const sixDigits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 6, maxLength: 6 });

/** A routing number that passes every check a bank directory can do offline. */
export function routingNumber(): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...ROUTING_PREFIXES), sixDigits).map(([prefix, middle]) => {
    const eight = prefix + middle;
    return eight + abaCheckDigit(eight);
  });
}

/** Nine digits whose check digit is wrong (every other digit unchanged). */
export function routingNumberWithBadChecksum(): fc.Arbitrary<string> {
  return fc.tuple(routingNumber(), fc.integer({ min: 1, max: 9 })).map(([valid, shift]) => {
    const wrong = (Number(valid[8]) + shift) % 10;
    return valid.slice(0, 8) + String(wrong);
  });
}
