/**
 * The detection table: the suite against the reference switched into each fault of the catalog.
 * The check aimed at a fault must give the outcome its level asks for: a fail from a MUST check
 * (the run exits 1 and the requirement the fault breaks is failed in the matrix), a warn from a
 * SHOULD check (the run stays conformant, exit 0: a broken convention is never a fail). A fault
 * caught only by some other check, or not at all, fails this test.
 *
 * Each run is the aimed check alone (with the run-wide HTTP checks), through --check, as a partner
 * looks at one failure again: a fault proven only with the help of other checks' traffic would not
 * be proven by its own check. The run-wide checks get the whole run, since they judge every exchange
 * of it. The runs are the CLI's, made in this process
 * (test/support/in-process-runs.ts): starting a process was most of each run's time.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { checkSpec } from '../../src/contract/checks/registry.js';
import { blindSpots, faults } from '../../src/lab/faults/index.js';
import { expectedOutcomeOf } from '../../src/lab/faults/proofs.js';
import { startReference } from '../../src/lab/server.js';
import { targetArgs } from '../support/run-cli.js';
import { citedRequirement } from '../../src/results/report/cited-requirement.js';
import { onlyCheck } from '../support/shard-of-check.js';
import { InProcessRuns } from '../support/in-process-runs.js';
import { differentialProbe } from '../../scripts/mutation-probe.js';

const rows: string[] = [];
/** As many runs at once as vitest's maxConcurrency lets this file's tests go. */
const pool = new InProcessRuns(3);

describe.concurrent('every fault is caught by the check aimed at it', () => {
  for (const fault of faults) {
    test(`fault ${fault.name}`, async () => {
      const aimed = checkSpec(fault.caughtBy);
      const expected = expectedOutcomeOf(aimed);
      const reference = await startReference({ faults: [fault.name] });
      try {
        const run = await pool.run([...targetArgs(reference), '--seed', '42', ...(await onlyCheck(aimed.id))]);
        const outcome = run.results?.checks.find((c) => c.id === fault.caughtBy)?.outcome ?? 'not run';
        const failing = run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => c.id) ?? [];
        const others = failing.filter((id) => id !== fault.caughtBy);
        rows.push(
          `${fault.name.padEnd(44)} ${outcome === expected ? `${expected}s` : `MISSED (${outcome}) by`} ${fault.caughtBy}${others.length > 0 ? ` (+${others.join(', ')})` : ''}`,
        );
        const context = `${fault.description}\n${run.stdout}\n${run.stderr}`;
        expect(outcome, context).toBe(expected);
        // Every FAIL and WARN carries a replay (issue 30): a curl line in results.json, JUnit and the reports ...
        // ... and says what was seen: a finding with the offending value (or the answer it judged), or a shrunk counterexample.
        for (const check of run.results?.checks ?? []) {
          if (check.outcome !== 'fail' && check.outcome !== 'warn') continue;
          expect(check.curl.length, `${check.id} (${check.outcome}) has no curl line: ${check.message}`).toBeGreaterThan(0);
          // ... and the first line replays the headline's own request, when the check kept it (issue 56).
          const leading = check.findings.find((f) => f.severity === check.outcome);
          const own = check.exchanges.find((e) => e.seq === leading?.exchange);
          if (own !== undefined) expect(check.curl[0], `${check.id}: the first curl line is not the headline's request`).toBe(own.curl);
          expect(
            check.findings.some((f) => f.actual !== undefined || f.counterexample !== undefined),
            `${check.id} (${check.outcome}) names no value seen: ${check.message}`,
          ).toBe(true);
        }
        // A requirement fails only through a finding that names it (an unattributed finding names its check's own).
        for (const req of run.results?.requirements.filter((r) => r.outcome === 'fail') ?? []) {
          const named = (run.results?.checks ?? []).some(
            (c) =>
              c.outcome === 'fail' && c.findings.some((f) => f.severity === 'fail' && (f.requirements ?? [c.requirement]).includes(req.id)),
          );
          expect(named, `requirement ${req.id} fails with no finding naming it`).toBe(true);
        }
        // The requirement matrix of the report marks the requirement the fault breaks.
        expect(run.results?.requirements.find((r) => r.id === fault.breaks)?.outcome, `requirement ${fault.breaks} in the matrix`).toBe(
          expected,
        );
        // The aimed check's headline cites a statement the fault breaks, in every report (issue 56).
        const aimedRecord = run.results?.checks.find((c) => c.id === fault.caughtBy);
        const statements: readonly string[] = [fault.breaks, ...((fault as { alsoBreaks?: readonly string[] }).alsoBreaks ?? [])];
        if (aimedRecord !== undefined) expect(statements, 'the statement its headline cites').toContain(citedRequirement(aimedRecord).id);
        if (expected === 'fail') expect(run.code).toBe(1);
        else {
          // A broken convention alone leaves the run conformant.
          expect(failing, context).toEqual([]);
          expect(run.code, context).toBe(0);
        }
      } finally {
        await reference.close();
      }
    });
  }
});

/**
 * The documented blind spots (src/lab/faults/blind-spots.ts): each changes answers, as the lab sees by
 * comparing with the clean reference (the differential probe), yet the whole suite judges the server
 * conformant, since no black-box client can see the defect. A blind spot that a check catches is no
 * longer one: the test says where to move it.
 */
describe.concurrent('every blind spot changes answers and is judged conformant', () => {
  for (const fault of blindSpots) {
    test(`blind spot ${fault.name}`, async () => {
      const variation = fault.variation ?? 'baseline';
      const probe = await differentialProbe({ faults: [fault.name], variation }, { variation });
      expect(probe.differences.length, `${fault.name} changes no valid answer of the probe: it shows no gap`).toBeGreaterThan(0);
      expect(probe.serverErrors, `${fault.name} answers 5xx: a check can see that`).toEqual([]);
      const reference = await startReference({ faults: [fault.name], variation });
      try {
        const run = await pool.run([...targetArgs(reference), '--seed', '42']);
        const failing = run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => `${c.id}: ${c.message}`) ?? [];
        rows.push(`${fault.name.padEnd(44)} ${failing.length === 0 ? 'conformant (blind spot)' : 'CAUGHT'}`);
        expect(
          failing,
          `blind spot ${fault.name} is caught now: move it from src/lab/faults/blind-spots.ts to the caught faults with its caughtBy, and out of docs/mutation.md's blind spots`,
        ).toEqual([]);
        expect(run.results?.verdict, run.stdout).toBe('conformant');
        expect(run.code, run.stderr).toBe(0);
      } finally {
        await reference.close();
      }
    });
  }
});

afterAll(() => {
  console.log(['', `detection table (${faults.length} faults, ${blindSpots.length} blind spots):`, ...rows.sort()].join('\n'));
});
