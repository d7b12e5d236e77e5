/** Walks on a growing list (src/methods/pagination/growth.ts): when a walk widens, gets more pages, or stops as outgrown. */
import { describe, expect, test } from 'vitest';
import { growthDecision, type GrowthReading } from '../../src/methods/pagination/growth.js';

const reading = (over: Partial<GrowthReading>): GrowthReading => ({
  distinct: 50,
  repeated: false,
  expected: 100,
  size: 1,
  elapsedMs: 5_000,
  maxMs: 16_000,
  sinceSize: { distinct: 0, elapsedMs: 0 },
  atCap: false,
  ...over,
});

describe('a walk on a growing list', () => {
  test('a walk that keeps up, on a list that does not grow, goes on as planned', () => {
    expect(growthDecision(reading({ distinct: 90, elapsedMs: 2_000 }))).toBeUndefined();
  });

  test('a walk too slow to read the rest in its time widens its page size (5 items/s, 50 left, 6 s left at limit=1)', () => {
    const decision = growthDecision(reading({ distinct: 50, elapsedMs: 10_000 }));
    expect(decision).toMatchObject({ widenTo: expect.any(Number) });
    expect((decision as { widenTo: number }).widenTo).toBeGreaterThanOrEqual(2);
    expect((decision as { why: string }).why).toMatch(/read 5\.0 items\/s at 1 a page/);
  });

  test('a list growing as fast as the walk reads it makes the walk widen, and at 100 a page stop as outgrown, saying what helps', () => {
    // 50 new ids in 10 s (5/s), and 8 items/s read since the page size was last set.
    const fast = { distinct: 150, expected: 100, elapsedMs: 10_000, maxMs: 60_000, sinceSize: { distinct: 110, elapsedMs: 5_000 } };
    expect(growthDecision(reading({ ...fast, size: 7 }))).toMatchObject({ widenTo: expect.any(Number) });
    const outgrown = growthDecision(reading({ ...fast, size: 100 }));
    expect(outgrown).toMatchObject({ outgrown: expect.stringMatching(/grew by about 5\.0 items\/s.*--rate-limit/) });
  });

  test('at its page cap, a walk still reading new ids gets the pages the growth needs', () => {
    expect(growthDecision(reading({ distinct: 120, expected: 100, size: 100, elapsedMs: 1_000, atCap: true }))).toEqual({
      extendBy: Math.ceil((20 * 1.5) / 100) + 2,
    });
  });

  test('ids read again just after their first reading (an offset cursor shifted by items added at the front) count as growth', () => {
    const atCap = { distinct: 100, expected: 100, size: 1, elapsedMs: 1_000, atCap: true };
    expect(growthDecision(reading(atCap))).toBeUndefined();
    expect(growthDecision(reading({ ...atCap, shifted: 20 }))).toEqual({ extendBy: Math.ceil((20 * 1.5) / 1) + 2 });
  });

  test('an id read twice is a cursor going round, not growth: no more pages, no widening', () => {
    expect(growthDecision(reading({ distinct: 150, repeated: true, atCap: true }))).toBeUndefined();
  });
});
