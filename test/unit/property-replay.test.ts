/**
 * Replay through the real CLI: a fault found by a property gives a fail from the check aimed at it
 * whose counterexample names the seed and path, and a second run with the same --seed against a
 * fresh target gives the very same counterexample (only the target's port differs).
 */
import { describe, expect, test } from 'vitest';
import { faultNamed, type FaultName } from '../../src/lab/faults/index.js';
import { startReference } from '../../src/lab/server.js';
import { runCli, targetArgs } from '../support/run-cli.js';
import { shardOfCheck } from '../support/shard-of-check.js';

/** One fault per kind of property: valid bodies (shrinks writes), invalid bodies, unknown user ids. */
const FAULTS: FaultName[] = ['bank-leading-zeros-dropped', 'bank-create-500-on-wrong-type', 'user-unknown-500'];
const SEED = '20261122';

async function counterexampleOf(
  faultName: FaultName,
): Promise<{ code: number | null; counterexample: string | undefined; curl: string | undefined }> {
  const reference = await startReference({ faults: [faultName] });
  try {
    // A generous request time-out gives each check (six times it) room to shrink to the end: under a
    // busy machine's load the default bound can interrupt shrinking at a different step in each run.
    // One check at a time: side by side, the valid-body properties share their planned writes, and
    // how many a failing one gets for shrinking depends on how the others' sends interleave with it
    // (seen on a clean clone under load: shrunk 4 times in one run, 5 in the other). Known limit of
    // replay under concurrency, noted on issue 30; the seed alone decides it when checks run in turn.
    // Only the suite of the check aimed at the fault (and the run-wide one), as the fault matrix runs it:
    // the replay of a counterexample is a matter of that check's property, not of the other suites.
    const aimed = faultNamed(faultName).caughtBy;
    const args = [...targetArgs(reference), '--seed', SEED, '--timeout-ms', '30000', '--concurrency', '1', ...(await shardOfCheck(aimed))];
    const run = await runCli(args, { timeoutMs: 300_000 });
    const check = run.results?.checks.find((c) => c.id === aimed) as
      { outcome: string; findings?: { severity: string; counterexample?: string; counterexampleCurl?: string }[] } | undefined;
    expect(check?.outcome, run.stdout).toBe('fail');
    const finding = check?.findings?.find((f) => f.severity === 'fail' && f.counterexample !== undefined);
    const anyTarget = (text: string | undefined) => text?.replace(/127\.0\.0\.1:\d+/g, '<target>');
    return { code: run.code, counterexample: anyTarget(finding?.counterexample), curl: anyTarget(finding?.counterexampleCurl) };
  } finally {
    await reference.close();
  }
}

describe.concurrent('a property failure replays with its seed', () => {
  for (const name of FAULTS) {
    test(`fault ${name}`, async () => {
      const [first, second] = await Promise.all([counterexampleOf(name), counterexampleOf(name)]);
      expect(first.code).toBe(1);
      expect(first.counterexample).toContain(`seed ${SEED}, path "`);
      expect(first.counterexample).toContain(`--seed ${SEED}`);
      // The curl line that sends it again stands apart from the counterexample (its own block in reports).
      expect(first.counterexample).not.toContain('curl ');
      expect(first.curl).toMatch(/^curl /);
      expect(second.counterexample).toBe(first.counterexample);
      expect(second.curl).toBe(first.curl);
    });
  }
});
