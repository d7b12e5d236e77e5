/**
 * The verdict of a run from what its checks gave: the one function the run, merge-reports and
 * `verify` use, so a verdict recomputed from a results.json can be held against the one it states.
 */
import type { Outcome } from '../contract/checks/types.js';

export type Verdict = 'conformant' | 'non-conformant' | 'inconclusive' | 'could-not-run' | 'interrupted';

export type Summary = Record<Outcome, number> & { total: number };

/** Counts per outcome of the checks that ran. */
export function summaryOf(checks: readonly { outcome: Outcome }[]): Summary {
  const summary: Summary = { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, total: checks.length };
  for (const check of checks) summary[check.outcome] += 1;
  return summary;
}

export interface VerdictInput {
  summary: Summary;
  strict: boolean;
  /** What kept the run from completing (a crashed check, the time bound, a refusal): no verdict on the target. */
  errors: readonly string[];
  /** The run began and did not end: nothing is judged. */
  interrupted: boolean;
}

/** A fail (or, under --strict, a warn) decides even a run with errors: what was seen broken stays broken. */
export function verdictOf(input: VerdictInput): Verdict {
  if (input.interrupted) return 'interrupted';
  if (input.summary.fail > 0 || (input.strict && input.summary.warn > 0)) return 'non-conformant';
  if (input.errors.length > 0) return 'could-not-run';
  if (input.summary.inconclusive > 0) return 'inconclusive';
  return 'conformant';
}
