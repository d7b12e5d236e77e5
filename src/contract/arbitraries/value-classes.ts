/**
 * The value classes of a valid create body (4.1): the ways a service is known to alter a bank
 * account's numbers. Three sides, two classes each: an account number led by zeros or not (kept as
 * an integer, the zeros go), of up to 15 digits or of 16-17 (past the integers a double holds
 * exactly), and a routing number led by 0 or not. Each run creates one body per class it means to
 * try, not one per check: four classes, one half of the eight, that between them hold every pair of
 * two sides' classes, so a fault that needs two sides together is met every run. The seed picks the
 * half, so two runs with seeds of either parity have tried all eight (results.json valueClasses).
 */
import fc from 'fast-check';
import type { CreateBody } from '../../core/domain/user-bank.js';
import { KNOWN_ACCOUNT_TYPES, KNOWN_HOLDER_TYPES } from '../../core/domain/user-bank.js';
import { ROUTING_PREFIXES } from './routing-number.js';
import { abaCheckDigit } from '../../core/domain/routing-number.js';

export interface ValueClass {
  accountZeroLed: boolean;
  accountLong: boolean;
  routingZeroLed: boolean;
}

export const className = (c: ValueClass): string =>
  `account ${c.accountZeroLed ? 'zero-led' : 'plain'} ${c.accountLong ? '16-17' : '4-15'} digits, routing ${c.routingZeroLed ? '0-led' : 'not 0-led'}`;

/** Every class, in a fixed order. */
export const ALL_CLASSES: readonly ValueClass[] = [false, true].flatMap((accountZeroLed) =>
  [false, true].flatMap((accountLong) => [false, true].map((routingZeroLed) => ({ accountZeroLed, accountLong, routingZeroLed }))),
);

/** Number of classes a run creates a body for. */
export const CLASSES_PER_RUN = 4;

/**
 * The half of the classes a seed tries: those whose sides' parity matches the seed's. Either half
 * holds every pair of two sides' classes (an orthogonal array of strength 2).
 */
export function classesForSeed(seed: number): ValueClass[] {
  const parity = Math.abs(seed) % 2;
  return ALL_CLASSES.filter((c) => (Number(c.accountZeroLed) + Number(c.accountLong) + Number(c.routingZeroLed)) % 2 === parity);
}

const digits = (min: number, max: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const nonZero = fc.constantFrom(...'123456789');

function accountOf(c: ValueClass): fc.Arbitrary<string> {
  const [min, max] = c.accountLong ? [16, 17] : [4, 15];
  if (c.accountZeroLed)
    return fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min, max }), digits(max, max))
      .map(([zeros, length, rest]) => ('0'.repeat(zeros) + rest).slice(0, length));
  return fc.tuple(nonZero, digits(min - 1, max - 1)).map(([first, rest]) => first + rest);
}

function routingOf(c: ValueClass): fc.Arbitrary<string> {
  const prefixes = ROUTING_PREFIXES.filter((p) => p.startsWith('0') === c.routingZeroLed);
  return fc.tuple(fc.constantFrom(...prefixes), digits(6, 6)).map(([prefix, middle]) => prefix + middle + abaCheckDigit(prefix + middle));
}

export function createBodyOfClass(userId: string, c: ValueClass): fc.Arbitrary<CreateBody> {
  return fc.record({
    user_id: fc.constant(userId),
    account_number: accountOf(c),
    routing_number: routingOf(c),
    account_holder_type: fc.constantFrom(...KNOWN_HOLDER_TYPES),
    bank_account_type: fc.constantFrom(...KNOWN_ACCOUNT_TYPES),
  });
}

/** The class a valid body belongs to (for bodies sent by other checks, e.g. the create grammar's). */
export function classOf(body: { account_number: string; routing_number: string }): ValueClass {
  return {
    accountZeroLed: body.account_number.startsWith('0'),
    accountLong: body.account_number.length >= 16,
    routingZeroLed: body.routing_number.startsWith('0'),
  };
}

/** One body per class the seed tries (at most `count`), the same for the same seed, account numbers distinct. */
export function classBodies(userId: string, seed: number, count: number): { cls: ValueClass; body: CreateBody }[] {
  const classes = classesForSeed(seed).slice(0, Math.max(0, count));
  const seen = new Set<string>();
  return classes.map((cls, i) => {
    const samples = fc.sample(createBodyOfClass(userId, cls), { seed: seed + i, numRuns: 20 });
    const body = samples.find((b) => !seen.has(b.account_number)) as CreateBody;
    seen.add(body.account_number);
    return { cls, body };
  });
}
