/**
 * What to tell a user whose --max-writes made a check skip or a property stop early: a value that
 * runs every check with its full --runs (src/core/write-plan.ts; the default --max-writes is that
 * value, and test/matrix/write-budget.test.ts runs with it and sees nothing skipped).
 */
import { writesForFullRuns } from '../core/write-plan.js';

export { KEEP_FOR_LATER } from '../core/write-plan.js';

export const writesNeeded = (runs: number): string =>
  `--max-writes ${writesForFullRuns(runs)} (the default at --runs ${runs}) runs every check with its full --runs`;
