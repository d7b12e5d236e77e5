/**
 * The order npm test starts its files in: the longest first, so that no long file starts last and
 * runs alone while the other workers sit idle. Vitest orders by the durations it cached from an
 * earlier run, and a fresh clone (CI) has none: it then starts the largest files first, and the fault
 * matrix, a short file that makes a hundred runs, started more than three minutes into the run.
 *
 * Which files are long is declared here: it only orders the start, so a file missing from the list
 * still runs (after these), and a wrong guess costs time, never a result.
 */
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Every file that takes more than a few seconds (whole runs, a staging's pace, a process it starts),
 * longest first: a long file left out starts after them all and can end up running alone.
 */
export const LONGEST = [
  'staging-envelope.test.ts',
  'faults.test.ts',
  'shared-staging.test.ts',
  'hostile.test.ts',
  'tls-proxy.test.ts',
  'variations.test.ts',
  'pack.test.ts',
  'pagination-runs.test.ts',
  'prism.test.ts',
  'har.test.ts',
  'warm-runs.test.ts',
  'shard.test.ts',
  'interrupted.test.ts',
  'instruments.test.ts',
  'large-target.test.ts',
  'isolation.test.ts',
  'compare.test.ts',
  'cli.test.ts',
  'safety.test.ts',
  'token-command.test.ts',
  'mutation-judge.test.ts',
  'write-budget.test.ts',
  'preflight.test.ts',
  'outputs.test.ts',
  'report-console.test.ts',
  'config-mistakes.test.ts',
  'signals.test.ts',
];

const rank = (path: string): number => {
  const at = LONGEST.indexOf(basename(path));
  if (at !== -1) return at;
  // The other whole-run files before the unit tests, which take a second or two each.
  return path.includes('/test/unit/') ? LONGEST.length + 1 : LONGEST.length;
};

/** Test file paths in the order they start. */
export const startOrder = (paths: readonly string[]): string[] => [...paths].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const order = startOrder(files.map((f) => f.moduleId));
    return [...files].sort((a, b) => order.indexOf(a.moduleId) - order.indexOf(b.moduleId));
  }
}
