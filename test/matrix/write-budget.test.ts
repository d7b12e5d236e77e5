/**
 * The default run runs every check (issue 42): the default --max-writes is what the creation checks
 * need at --runs (src/core/write-plan.ts), and a skip or early stop for want of writes names a value
 * that this file runs with and sees nothing skipped. user-banks.create.invalid.creates-nothing used to
 * skip on seed 2 at the default: the robustness screen had taken the rest of the budget, though that
 * check only judges answers the create suite had already received.
 */
import { describe, expect, test } from 'vitest';
import { startReference } from '../../src/lab/server.js';
import type { Results } from '../../src/results/results.js';
import { targetArgs } from '../support/run-cli.js';
import { InProcessRuns } from '../support/in-process-runs.js';
import { VALID_CLASSES } from '../../src/core/write-plan.js';

const RUNS = 25;
/** The CLI's runs in this process (test/support/in-process-runs.ts): these judge verdicts, not the process. */
const pool = new InProcessRuns(2);

/** The inputs a creation property judges in full: one valid body per value class, --runs invalid requests (the concurrency check judges one set). */
const fullInputs = (id: string): number | undefined =>
  id === 'user-banks.create.concurrent' || !id.startsWith('user-banks.create.')
    ? undefined
    : id.startsWith('user-banks.create.invalid.')
      ? RUNS
      : VALID_CLASSES;

/** Checks skipped, and properties that judged fewer inputs than --runs, with their messages. */
function shortfalls(results: Results | undefined): string[] {
  return (results?.checks ?? []).flatMap((c) => {
    if (c.outcome === 'skip') return [`${c.id} skipped: ${c.message}`];
    const judged = /held for (\d+) generated input/.exec(c.message);
    const full = fullInputs(c.id);
    if (judged && full !== undefined && Number(judged[1]) < full) return [`${c.id} judged ${judged[1]} of ${full}: ${c.message}`];
    if (/stopped early/.test(c.message)) return [`${c.id} stopped early: ${c.message}`];
    return [];
  });
}

describe.concurrent('the write budget', () => {
  test('left at its default, every check runs and every creation property judges its full inputs (seed 2 skipped one)', async () => {
    const reference = await startReference({});
    try {
      const run = await pool.run([...targetArgs(reference), '--seed', '2', '--runs', String(RUNS)], { boundMs: 180_000 });
      expect(run.results?.verdict, run.stdout + run.stderr).toBe('conformant');
      expect(shortfalls(run.results)).toEqual([]);
      // One valid create per value class, judged by every creation check: the run tried at least those classes.
      expect(run.results?.valueClasses?.tried.length ?? 0).toBeGreaterThanOrEqual(VALID_CLASSES);
      expect(run.results?.created.filter((c) => c.check.startsWith('user-banks.create.'))).toHaveLength(VALID_CLASSES);
      expect(run.results?.checks.find((c) => c.id === 'user-banks.create.schema')?.message).toMatch(
        new RegExp(`held for ${VALID_CLASSES} generated input`),
      );
    } finally {
      await reference.close();
    }
  });

  test('too small a --max-writes names a value, and a run with that value skips nothing and stops no property early', async () => {
    const reference = await startReference({});
    try {
      const small = await pool.run([...targetArgs(reference), '--seed', '3', '--runs', String(RUNS), '--max-writes', '9'], {
        boundMs: 180_000,
      });
      const short = shortfalls(small.results);
      expect(short.length, small.stdout).toBeGreaterThan(0);
      const advised = short.join('\n').match(/--max-writes (\d+) \(the default/g) ?? [];
      expect(advised.length).toBeGreaterThan(0);
      const values = new Set(advised.map((a) => Number(/\d+/.exec(a)?.[0])));
      expect(values.size).toBe(1);
      const [value] = [...values];
      const enough = await pool.run([...targetArgs(reference), '--seed', '3', '--runs', String(RUNS), '--max-writes', String(value)], {
        boundMs: 180_000,
      });
      expect(enough.results?.verdict, enough.stdout + enough.stderr).toBe('conformant');
      expect(shortfalls(enough.results)).toEqual([]);
    } finally {
      await reference.close();
    }
  });
});
