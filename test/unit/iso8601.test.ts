/**
 * The spec's "ISO 8601 date-time" (src/core/domain/iso8601.ts): every ISO 8601 form is accepted by the
 * judging schemas, RFC 3339's profile is told apart (a convention), and what is no date-time is not.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { isIso8601DateTime, parseIso8601DateTime, sameInstant } from '../../src/core/domain/iso8601.js';
import { validate } from '../../src/contract/schema/validator.js';
import { bank } from '../support/resource-fixtures.js';

describe('ISO 8601 date-times', () => {
  test("the schema's quick judgement (the UTC form read digit by digit) agrees with the full parse", () => {
    const edges = ['2024-02-29T23:59:60Z', '2023-02-29T00:00:00Z', '1900-02-29T00:00:00Z', '2000-02-29T00:00:00z', '2026-04-31T00:00:00Z'];
    const near = [
      '2026-11-26T24:00:00Z',
      '2026-11-26T07:60:00Z',
      '2026-11-26T07:28:00.Z',
      '2026-11-26T07:28:00.12aZ',
      '2026-11-26t07:28:00,5Z',
    ];
    for (const value of [...edges, ...near]) expect(isIso8601DateTime(value), value).toBe(parseIso8601DateTime(value) !== undefined);
    const digit = fc.constantFrom(...'0123456789');
    const two = fc.tuple(digit, digit).map((d) => d.join(''));
    const shaped = fc
      .tuple(two, two, two, two, two, two, two, fc.constantFrom('', '.5', ',123', '.', '.x'), fc.constantFrom('Z', 'z', '+01:00', ''))
      .map(([c, y, mo, d, h, mi, s, frac, zone]) => `${c}${y}-${mo}-${d}T${h}:${mi}:${s}${frac}${zone}`);
    fc.assert(
      fc.property(fc.oneof(shaped, fc.string()), (value) => isIso8601DateTime(value) === (parseIso8601DateTime(value) !== undefined)),
      {
        numRuns: 3000,
      },
    );
  });

  test.each([
    ['2026-11-26T07:28:00Z', true, false],
    ['2026-11-26T07:28:00.123+00:00', true, false],
    ['2026-11-26T09:28:00,5+02:00', false, false],
    ['20261126T072800Z', false, false],
    ['20261126T072800.123+0100', false, false],
    ['2026-11-26T07:28Z', false, false],
    ['2026-11-26T07:28:00', false, true],
    ['2026-11-26T07:28:00+05', false, false],
  ])('%s is ISO 8601 (RFC 3339: %s, local: %s)', (value, rfc3339, local) => {
    const parsed = parseIso8601DateTime(value);
    expect(parsed).toBeDefined();
    expect(parsed?.rfc3339).toBe(rfc3339);
    expect(parsed?.local).toBe(local);
    expect(validate('user-bank', { ...bank, created_at: value })).toEqual([]);
  });

  test.each([
    '2026-11-26 07:28:00',
    '1764142080',
    '2026-13-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '26/11/2026',
    'yesterday',
    '2026-11-26',
    '',
  ])('%j is not an ISO 8601 date-time, and the schema says so', (value) => {
    expect(parseIso8601DateTime(value)).toBeUndefined();
    expect(validate('user-bank', { ...bank, created_at: value }).length).toBeGreaterThan(0);
  });

  test('one instant in two forms is the same instant; another is not', () => {
    expect(parseIso8601DateTime('20261126T072800Z')?.ms).toBe(Date.parse('2026-11-26T07:28:00Z'));
    expect(parseIso8601DateTime('2026-11-26T09:28:00+02:00')?.ms).toBe(Date.parse('2026-11-26T07:28:00Z'));
    expect(sameInstant('20261126T072800.123Z', '2026-11-26T07:28:00.123Z')).toBe(true);
    expect(sameInstant('2026-11-26T07:28:00Z', '2026-11-26T07:28:00.999Z')).toBe(true);
    expect(sameInstant('2026-11-26T07:28:01Z', '2026-11-26T07:28:00Z')).toBe(false);
  });
});
