/**
 * The staging envelope (issue 27): the conformant reference at each corner of a busy, imperfect
 * staging (other writers 5 creates/s, replicas 2 s behind, a gateway at 20 requests/s with and without
 * Retry-After, 5% transient 503s with Retry-After in seconds and as a date, idle connections dropped
 * after 200 ms unannounced, a clock 5 minutes off either way, cursors full of reserved characters)
 * must get a decided CONFORMANT verdict; and faults switched on at the harshest corner must still be
 * caught by the checks aimed at them, in a run of the aimed check's suite file.
 */
import { describe, expect, test } from 'vitest';
import { faultNamed, type FaultName } from '../../src/lab/faults/index.js';
import { startReference } from '../../src/lab/server.js';
import { envelopeCorners } from '../../src/lab/staging-envelope.js';
import type { Variation } from '../../src/lab/variations.js';
import { atMost } from '../support/at-most.js';
import { targetArgs } from '../support/run-cli.js';
import { InProcessRuns } from '../support/in-process-runs.js';
import { shardOfCheck } from '../support/shard-of-check.js';
import { unsettledChecks } from '../support/unsettled-checks.js';

const RUN_BOUND_MS = 300_000;
/**
 * Two runs of this file at a time: a corner's verdict must not depend on the machine, yet all six
 * side by side on a 2-core machine already busy with other files starved the client (seen: a limit=2
 * walk fell behind a list growing at its front and was failed; idle connections dropped while the
 * client was stalled left checks inconclusive), which is a limit of the suite, noted on issue 30, not
 * something this test should hide or hit at random. The runs are the CLI's, made in this process
 * (test/support/in-process-runs.ts): these judge verdicts, not the process.
 */
const twoAtATime = atMost(2);
const runs = new InProcessRuns(2);

describe.concurrent('every corner of the staging envelope: decided and conformant', () => {
  for (const [name, corner] of Object.entries(envelopeCorners) as [string, Partial<Variation>][]) {
    test(`corner ${name}`, { timeout: RUN_BOUND_MS + 30_000 }, () =>
      twoAtATime(async () => {
        const reference = await startReference({ variation: corner, seed: 11 });
        try {
          // Under --strict where the network is the only trouble (transient 503s, no listing lag, which
          // may warn of itself): the gateway's recovered 503s must not fail a conformant server.
          const strict = (corner.transient503Share ?? 0) > 0 && (corner.listingLagMs ?? 0) === 0 ? ['--strict'] : [];
          const run = await runs.run([...targetArgs(reference), '--seed', '11', ...strict], { boundMs: RUN_BOUND_MS });
          const checks = run.results?.checks ?? [];
          expect(unsettledChecks(run.results, { warns: strict.length > 0 }), run.stdout).toEqual([]);
          expect(run.code, run.stderr).toBe(0);
          expect(run.results?.verdict).toBe('conformant');
          // The corner's conditions really happened, and the run said how it met them.
          if ((corner.transient503Share ?? 0) > 0) {
            expect(reference.transientRefusals.refused).toBeGreaterThan(0);
            expect(run.stdout).toMatch(/recoveries: transient refusals sent again after their Retry-After: \d+ x 503/);
            // A traffic fact, not a broken requirement: the check passes and says where the count is,
            // so --strict cannot fail a conformant server on a gateway's refusals (it used to warn).
            const noServerErrors = checks.find((c) => c.id === 'http.no-server-errors');
            expect(noServerErrors?.outcome).toBe('pass');
            expect(noServerErrors?.message).toMatch(/transient refusal\(s\) answered on a resend .*traffic summary/);
            expect(run.results?.traffic?.transient?.retried['503'] ?? 0).toBeGreaterThan(0);
          }
          if ((corner.throttlePerSecond ?? 0) > 0) expect(reference.rateGate?.refused ?? 0).toBeGreaterThan(0);
        } finally {
          await reference.close();
        }
      }),
    );
  }
});

/**
 * A busy staging whose list has grown: another writer adds User Banks while the run walks a list of
 * 10,000 (its ids and creation times are not the run's). The walks that are compared are judged on
 * what existed throughout, so the conformant server is conformant, decided (issue 57: from about
 * 2,000 items every such run was failed on the other writer's banks).
 */
test(
  "corner growing-newest-first with 10,000 User Banks in the caller's list: decided and conformant",
  { timeout: RUN_BOUND_MS + 30_000 },
  () =>
    twoAtATime(async () => {
      const reference = await startReference({ variation: envelopeCorners['growing-newest-first'], seed: 13, extraBanks: 10_000 });
      try {
        const run = await runs.run([...targetArgs(reference), '--seed', '13'], { boundMs: RUN_BOUND_MS });
        const checks = run.results?.checks ?? [];
        expect(unsettledChecks(run.results), run.stdout).toEqual([]);
        expect(run.code, run.stderr).toBe(0);
        // The other writer was at work during the walks, and the compared walks were judged.
        expect(reference.state.callers[0]?.banks.length ?? 0).toBeGreaterThan(10_000 + 105 + 20);
        for (const id of ['pagination.traversal.repeatable', 'pagination.filter.user-id.complete', 'pagination.filter.status.complete'])
          expect(checks.find((c) => c.id === id)?.outcome, id).toBe('pass');
      } finally {
        await reference.close();
      }
    }),
);

/** Faults of different families, each at the harshest corner: still caught, by the check aimed at it. */
const FAULTS_IN_CORNERS: FaultName[] = ['page-boundary-skip', 'bank-rejected-but-kept', 'cross-tenant-bank-create'];

describe.concurrent('faults at the harshest corner are still caught', () => {
  for (const name of FAULTS_IN_CORNERS) {
    test(`fault ${name} at busy-staging: caught by ${faultNamed(name).caughtBy}`, { timeout: RUN_BOUND_MS + 30_000 }, () =>
      twoAtATime(async () => {
        const reference = await startReference({ variation: envelopeCorners['busy-staging'], faults: [name], seed: 12 });
        try {
          // The suite file of the aimed check, as the fault matrix runs it (the corner runs above are whole).
          const run = await runs.run([...targetArgs(reference), '--seed', '12', ...(await shardOfCheck(faultNamed(name).caughtBy))], {
            boundMs: RUN_BOUND_MS,
          });
          const failing = run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => c.id) ?? [];
          expect(failing, `${faultNamed(name).description}\n${run.stdout}`).toContain(faultNamed(name).caughtBy);
          expect(run.code).toBe(1);
        } finally {
          await reference.close();
        }
      }),
    );
  }
});
