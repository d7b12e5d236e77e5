/**
 * How the creation checks share the write budget (--max-writes), and the budget that lets every one
 * of them run in full. Here, on the lowest floor, because the configuration derives the default
 * --max-writes from it and the creation suite plans with it: the two can never disagree.
 */

/**
 * Writes the creation checks leave to the suites that run after them: auth and isolation send a few
 * POSTs, and the robustness screen three creates of spelled numbers before its grammar's valid bodies.
 */
export const KEEP_FOR_LATER = 8;
/** Writes the invalid-body properties may use beyond KEEP_FOR_LATER: the bodies a lenient target accepts. */
export const INVALID_ROOM = 3;
/** Banks the concurrency check creates at once, at most. */
export const AT_ONCE = 20;
/** The fewest banks created at once that prove anything about concurrency. */
export const AT_ONCE_MIN = 2;

export interface WritePlan {
  /** Valid bodies the creation properties send (at most --runs). */
  valid: number;
  /** Banks created at once by user-banks.create.concurrent. */
  atOnce: number;
}

/**
 * After KEEP_FOR_LATER and INVALID_ROOM, two fifths of what is left for the banks created at once
 * (at most AT_ONCE), the rest for valid bodies (at most --runs).
 */
export function planWrites(remaining: number, runs: number): WritePlan {
  const left = Math.max(0, remaining - KEEP_FOR_LATER - INVALID_ROOM);
  const atOnce = Math.min(AT_ONCE, Math.floor(left * 0.4));
  return { atOnce, valid: Math.max(1, Math.min(runs, left - atOnce)) };
}

/** The smallest budget whose plan gives the valid-body properties their full --runs and the concurrency check its banks. */
export function writesForFullRuns(runs: number): number {
  let budget = KEEP_FOR_LATER + INVALID_ROOM;
  for (;;) {
    const plan = planWrites(budget, runs);
    if (plan.valid >= runs && plan.atOnce >= AT_ONCE_MIN) return budget;
    budget += 1;
  }
}
