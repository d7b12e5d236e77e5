/**
 * How the creation checks share the write budget (--max-writes), and the budget that lets every one
 * of them run in full. Here, on the lowest floor, because the configuration derives the default
 * --max-writes from it and the creation suite plans with it: the two can never disagree.
 */

/**
 * Writes the creation checks leave to the suites that run after them: the stateful sequences' three
 * creates, the isolation probe's one, and the robustness screen's three creates of spelled numbers.
 * The create grammar's valid bodies get what is left of the budget (a strict target refuses most
 * spelled numbers, which gives their slots back), so a default run never writes more than the
 * budget, and the budget is what a long-lived staging User gains a run.
 */
export const KEEP_FOR_LATER = 7;
/** Writes the invalid-body properties may use beyond KEEP_FOR_LATER: a body a lenient target accepts. */
export const INVALID_ROOM = 1;
/**
 * Valid bodies the creation properties send: one per value class a run tries
 * (src/contract/arbitraries/value-classes.ts CLASSES_PER_RUN), not --runs of them.
 */
export const VALID_CLASSES = 4;
/** The fewest banks created at once that prove anything about concurrency. */
export const AT_ONCE_MIN = 2;

export interface WritePlan {
  /** Valid bodies the creation properties send (one per value class, at most --runs). */
  valid: number;
  /** Banks created at once, judged by user-banks.create.concurrent: the same valid bodies, sent side by side. */
  atOnce: number;
}

/**
 * After KEEP_FOR_LATER and INVALID_ROOM, one valid body per value class (at most --runs); the
 * concurrency check judges those same bodies, sent at once, so it costs no write of its own.
 */
export function planWrites(remaining: number, runs: number): WritePlan {
  const left = Math.max(0, remaining - KEEP_FOR_LATER - INVALID_ROOM);
  const valid = Math.max(1, Math.min(runs, VALID_CLASSES, left));
  return { atOnce: valid, valid };
}

/** The smallest budget whose plan gives the valid-body properties a body per value class (within --runs) and the concurrency check its banks. */
export function writesForFullRuns(runs: number): number {
  let budget = KEEP_FOR_LATER + INVALID_ROOM;
  for (;;) {
    const plan = planWrites(budget, runs);
    if (plan.valid >= Math.min(runs, VALID_CLASSES) && (plan.atOnce >= AT_ONCE_MIN || runs < AT_ONCE_MIN)) return budget;
    budget += 1;
  }
}
