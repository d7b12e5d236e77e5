/**
 * The suite against every legitimate variation of the reference: a conformant server must never get
 * a fail (design.md, "A suite that fails a conformant server is as broken as one that passes a broken one").
 */
import { afterAll, describe, expect, test } from 'vitest';
import { startReference } from '../../src/lab/server.js';
import { envelopeCorners } from '../../src/lab/staging-envelope.js';
import { variations } from '../../src/lab/variations.js';
import { allOutput, targetArgs } from '../support/run-cli.js';
import { InProcessRuns } from '../support/in-process-runs.js';

const table: string[] = [];
/** The CLI's runs in this process (test/support/in-process-runs.ts), as many at once as this file's tests go. */
const pool = new InProcessRuns(3);

describe.concurrent('every legitimate variation passes', () => {
  // The staging envelope's corners run in staging-envelope.test.ts, with the time bounds they need.
  for (const name of Object.keys(variations).filter((n) => !(n in envelopeCorners))) {
    test(`variation ${name}`, async () => {
      const reference = await startReference({ variation: name });
      try {
        const run = await pool.run([...targetArgs(reference), '--seed', '42']);
        const fails = run.results?.checks.filter((c) => c.outcome === 'fail') ?? [];
        table.push(`${name.padEnd(24)} ${run.results?.verdict ?? 'no results'} (${run.results?.summary.warn ?? 0} warn)`);
        expect(fails.map((c) => `${c.id}: ${c.message}`)).toEqual([]);
        // A warn carries a replay too (issue 30).
        for (const check of run.results?.checks.filter((c) => c.outcome === 'warn') ?? []) {
          expect(check.curl.length, `${check.id} has no curl line: ${check.message}`).toBeGreaterThan(0);
          expect(
            check.findings.some((f) => f.actual !== undefined || f.counterexample !== undefined),
            `${check.id} names no value seen: ${check.message}`,
          ).toBe(true);
        }
        expect(run.results?.summary.inconclusive, run.stdout).toBe(0);
        expect(run.code, run.stderr).toBe(0);
        expect(run.results?.verdict).toBe('conformant');
        expect(allOutput(run)).not.toContain(reference.callers.a.token);
        expect(allOutput(run)).not.toContain(reference.callers.b.token);
      } finally {
        await reference.close();
      }
    });
  }
});

afterAll(() => {
  console.log(['', 'variation verdicts:', ...table.sort()].join('\n'));
});
