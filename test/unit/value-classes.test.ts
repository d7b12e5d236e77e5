/**
 * One valid create per value class (issue 55): each run's half of the classes holds every pair of
 * two sides' classes, the bodies are of the class they claim and valid, the two halves together are
 * all eight, and the classes covered add up across runs (--baseline).
 */
import { describe, expect, test } from 'vitest';
import {
  ALL_CLASSES,
  CLASSES_PER_RUN,
  classBodies,
  classesForSeed,
  className,
  classOf,
  type ValueClass,
} from '../../src/contract/arbitraries/value-classes.js';
import { abaChecksumOk } from '../../src/core/domain/routing-number.js';
import { VALID_CLASSES } from '../../src/core/write-plan.js';
import { valueClassCoverage, valueClassesOf } from '../../src/results/value-classes-covered.js';
import { valueClassesLine } from '../../src/results/report/wording.js';

const SIDES: (keyof ValueClass)[] = ['accountZeroLed', 'accountLong', 'routingZeroLed'];

describe('value classes of a valid create', () => {
  test('either half of the eight classes holds every pair of two sides, and the halves together are all eight', () => {
    const halves = [classesForSeed(0), classesForSeed(1)];
    for (const half of halves) {
      expect(half).toHaveLength(CLASSES_PER_RUN);
      for (const a of SIDES)
        for (const b of SIDES.filter((s) => s !== a))
          for (const va of [false, true])
            for (const vb of [false, true])
              expect(
                half.some((c) => c[a] === va && c[b] === vb),
                `${a}=${va} ${b}=${vb}`,
              ).toBe(true);
    }
    expect(new Set(halves.flat().map(className)).size).toBe(ALL_CLASSES.length);
    expect(VALID_CLASSES).toBe(CLASSES_PER_RUN);
  });

  test('each body is valid and of the class it was drawn for; the same seed gives the same bodies, another seed others', () => {
    for (const seed of [1, 2, 77, 123_456_789, -5]) {
      const drawn = classBodies('usr_1', seed, CLASSES_PER_RUN);
      expect(drawn).toHaveLength(CLASSES_PER_RUN);
      for (const { cls, body } of drawn) {
        expect(classOf(body)).toEqual(cls);
        expect(body.account_number).toMatch(/^[0-9]{4,17}$/);
        expect(abaChecksumOk(body.routing_number)).toBe(true);
      }
      expect(new Set(drawn.map((d) => d.body.account_number)).size).toBe(CLASSES_PER_RUN);
      expect(classBodies('usr_1', seed, CLASSES_PER_RUN)).toEqual(drawn);
      expect(classBodies('usr_1', seed + 2, CLASSES_PER_RUN)).not.toEqual(drawn);
    }
  });

  test('only valid bodies count, and the classes covered add up run over run', () => {
    const body = (account: string, routing: string, holder = 'individual'): string =>
      JSON.stringify({
        user_id: 'u',
        account_number: account,
        routing_number: routing,
        account_holder_type: holder,
        bank_account_type: 'checking',
      });
    const tried = valueClassesOf([body('00123', '021000021'), body(' 00123 ', '021000021'), body('1234', '121000358', 'corp'), '[']);
    expect(tried).toEqual([className({ accountZeroLed: true, accountLong: false, routingZeroLed: true })]);
    const first = valueClassCoverage(tried);
    expect(first).toEqual({ tried, covered: tried, of: 8 });
    expect(valueClassesLine({ valueClasses: first })).toBe('value classes of a valid create: this run tried 1 of 8');
    const second = valueClassCoverage(valueClassesOf([body('12345678901234567', '121000358')]), first?.covered);
    expect(second?.covered).toHaveLength(2);
    expect(valueClassesLine({ valueClasses: second })).toMatch(
      /tried 1 of 8; with the earlier runs \(--baseline\) 2 of 8 \(6 not tried yet\)/,
    );
    expect(valueClassCoverage([], [])).toBeUndefined();
  });
});
