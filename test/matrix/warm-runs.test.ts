/**
 * The fault, variation and shared-staging matrices make their runs in the test's own process
 * (src/runner/warm-runs.ts, test/support/in-process-runs.ts) rather than through the CLI. That is
 * only honest while such a run judges as the CLI does: the same target and seed, run both ways, must give
 * the same exit code, verdict and outcome of every check, and a shard the same checks.
 */
import { describe, expect, test } from 'vitest';
import { startReference } from '../../src/lab/server.js';
import { runCli, targetArgs, type CliRun } from '../support/run-cli.js';
import { InProcessRuns } from '../support/in-process-runs.js';

const pool = new InProcessRuns(1);

const outcomes = (run: CliRun): Record<string, string> => Object.fromEntries((run.results?.checks ?? []).map((c) => [c.id, c.outcome]));

describe('a warm run judges as the CLI does', () => {
  for (const [what, faults, extra] of [
    ['a fault, the whole suite', ['limit-ignored'], []],
    ['another fault, one shard', ['bank-rejected-but-kept'], ['--shard', '3/10']],
    ['no fault, one shard', [], ['--shard', '1/10']],
  ] as const) {
    test(what, async () => {
      // Each run gets a reference of its own (the same seeded fixtures): a run writes to its target.
      const runOn = async (run: (args: string[]) => Promise<CliRun>): Promise<CliRun> => {
        const reference = await startReference({ faults: [...faults] });
        try {
          return await run([...targetArgs(reference), '--seed', '42', ...extra]);
        } finally {
          await reference.close();
        }
      };
      const cold = await runOn((args) => runCli(args));
      const warm = await runOn((args) => pool.run(args));
      expect(warm.code, warm.stdout).toBe(cold.code);
      expect(warm.results?.verdict).toBe(cold.results?.verdict);
      expect(outcomes(warm)).toEqual(outcomes(cold));
      expect(Object.keys(outcomes(warm)).length).toBeGreaterThan(0);
    });
  }
});
