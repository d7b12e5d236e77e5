/**
 * The detection table: the suite against the reference switched into each fault of the catalog.
 * Each must make the run exit 1 with a fail from the check aimed at it; a fault caught only by some
 * other check, or not at all, fails this test.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { faults } from '../../src/reference/faults/index.js';
import { startReference } from '../../src/reference/server.js';
import { runCli, targetArgs } from '../support/run-cli.js';

const rows: string[] = [];

describe.concurrent('every fault is caught by the check aimed at it', () => {
  for (const fault of faults) {
    test(`fault ${fault.name}`, async () => {
      const reference = await startReference({ faults: [fault.name] });
      try {
        const run = await runCli([...targetArgs(reference), '--seed', '42']);
        const failing = run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => c.id) ?? [];
        const aimed = failing.includes(fault.caughtBy);
        rows.push(`${fault.name.padEnd(44)} ${aimed ? 'caught by' : 'MISSED by'} ${fault.caughtBy}${failing.length > 1 ? ` (+${failing.filter((id) => id !== fault.caughtBy).join(', ')})` : ''}`);
        expect(failing, `${fault.description}\n${run.stdout}\n${run.stderr}`).toContain(fault.caughtBy);
        expect(run.code).toBe(1);
        // The requirement matrix of the report marks the requirement the fault breaks as failed.
        expect(run.results?.requirements.find((r) => r.id === fault.breaks)?.outcome, `requirement ${fault.breaks} in the matrix`).toBe('fail');
      } finally {
        await reference.close();
      }
    });
  }
});

afterAll(() => {
  console.log(['', `detection table (${faults.length} faults):`, ...rows.sort()].join('\n'));
});
