/**
 * A general method's request budget (the replay, the read grammar) on a target that pushed back:
 * no more than a few seconds of what the target admits. On a gateway at 20 requests a second the
 * full budgets alone were about 40 s of a run; their coverage is reported with the budget that bound
 * it, so a smaller sample on a throttled target is said, never hidden.
 */
import type { ThrottleStats } from './adaptive-throttle.js';

/** Seconds of the target's admitted rate a general method may spend when the target throttles. */
export const SECONDS_AT_TARGET_RATE = 5;

/**
 * The rate the target admits is the lowest the client was pushed down to (the adapted rate climbs
 * back between refusals, so at any one moment it may be far above what the gateway lets through).
 */
export function budgetAtTargetRate(base: number, stats: Pick<ThrottleStats, 'lowestRate' | 'ceiling'>): number {
  const admitted = stats.lowestRate ?? stats.ceiling;
  if (admitted === null || !(admitted > 0)) return base;
  return Math.max(1, Math.min(base, Math.floor(admitted * SECONDS_AT_TARGET_RATE)));
}
