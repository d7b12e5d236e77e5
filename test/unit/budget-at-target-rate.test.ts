import { describe, expect, test } from 'vitest';
import { SECONDS_AT_TARGET_RATE, budgetAtTargetRate } from '../../src/http/budget-at-target-rate.js';

describe('a general method on a target that throttles spends a few seconds of its rate', () => {
  test('no push-back and no --rate-limit: the full budget', () => {
    expect(budgetAtTargetRate(500, { lowestRate: null, ceiling: null })).toBe(500);
  });
  test('a gateway at 20 requests a second: that many seconds of it, never more than the budget', () => {
    expect(budgetAtTargetRate(500, { lowestRate: 20, ceiling: null })).toBe(20 * SECONDS_AT_TARGET_RATE);
    expect(budgetAtTargetRate(50, { lowestRate: 20, ceiling: null })).toBe(50);
  });
  test('--rate-limit alone counts as the rate; the rate the target pushed the client down to wins when both are known', () => {
    expect(budgetAtTargetRate(500, { lowestRate: null, ceiling: 10 })).toBe(10 * SECONDS_AT_TARGET_RATE);
    expect(budgetAtTargetRate(500, { lowestRate: 4, ceiling: 10 })).toBe(4 * SECONDS_AT_TARGET_RATE);
    expect(budgetAtTargetRate(500, { lowestRate: 0.01, ceiling: null })).toBe(1);
  });
});
