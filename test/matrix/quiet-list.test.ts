/**
 * A caller whose whole list is too large for the run's budget (12,105 User Banks, past the 110 pages
 * the run reads of it): the pagination comparisons and the absence proofs of writes that must be
 * refused move to a quiet User's list (src/methods/pagination/quiet-user.ts). A proof that moved must
 * still catch the fault aimed at it, and a conformant run there is decided and says on which list
 * each proof was made.
 */
import { describe, expect, test } from 'vitest';
import { checkSpec } from '../../src/contract/checks/registry.js';
import { faultNamed, type FaultName } from '../../src/lab/faults/index.js';
import { expectedOutcomeOf } from '../../src/lab/faults/proofs.js';
import { startReference } from '../../src/lab/server.js';
import { targetArgs } from '../support/run-cli.js';
import { onlyCheck } from '../support/shard-of-check.js';
import { InProcessRuns } from '../support/in-process-runs.js';

/** More than the 110 pages of 100 the run reads of the caller's whole list (plan.ts WHOLE_LIST_PAGES). */
const EXTRA_BANKS = 12_000;
const pool = new InProcessRuns(2);

/**
 * The faults aimed at the proofs that move to the quiet User's list. Not list-order-not-unique: its
 * shuffled offset pages list ids twice in the whole list's first pages, and a cursor that repeats
 * itself keeps the proofs on the whole list (quiet-user.ts), where they are judged as before.
 */
const MOVED: FaultName[] = [
  'page-boundary-skip',
  'page-boundary-repeat',
  'cursor-never-ends',
  'limit-ignored',
  'default-page-size-50',
  'status-filter-ignored',
  'user-id-filter-first-page-only',
  'user-id-filter-cache-key',
  'cursor-trusted-filter',
  'user-id-filter-active-only',
  'status-filter-verified-only',
  'cursor-page-number',
  'auth-refused-write-persists',
  'cross-tenant-create-refused-but-kept',
];

describe.concurrent('a caller list too large for the run: the proofs on a quiet User still catch their faults', () => {
  for (const name of MOVED) {
    const fault = faultNamed(name);
    test(`fault ${name}: caught by ${fault.caughtBy}`, async () => {
      const aimed = checkSpec(fault.caughtBy);
      const reference = await startReference({ faults: [name], extraBanks: EXTRA_BANKS });
      try {
        const run = await pool.run([...targetArgs(reference), '--seed', '42', ...(await onlyCheck(aimed.id))]);
        const outcome = run.results?.checks.find((c) => c.id === fault.caughtBy)?.outcome ?? 'not run';
        expect(outcome, `${fault.description}\n${run.stdout}`).toBe(expectedOutcomeOf(aimed));
      } finally {
        await reference.close();
      }
    });
  }
});

test('conformant there: no fail, the moved proofs decided on the quiet User list they name, those that cannot move inconclusive', async () => {
  const reference = await startReference({ extraBanks: EXTRA_BANKS });
  try {
    const run = await pool.run([...targetArgs(reference), '--seed', '42']);
    const checks = run.results?.checks ?? [];
    const unsettled = checks.filter((c) => c.outcome === 'fail' || c.outcome === 'inconclusive').map((c) => `${c.id}: ${c.message}`);
    // What must find the run's own writes (or their absence) on the configured User cannot move: its
    // 12,060 User Banks, oldest first, put them past the part a run can place, and each proof says so
    // rather than pass on what it could not see.
    expect(unsettled.sort()).toEqual([
      expect.stringMatching(/^robustness\.refused-requests-store-nothing: the configured User's list could not be read/),
      expect.stringMatching(/^user-banks\.create\.concurrent: .*none of its \d+ generated input\(s\) could be proved/),
      expect.stringMatching(/^user-banks\.create\.invalid\.creates-nothing: .*none of its \d+ generated input\(s\) could be proved/),
      expect.stringMatching(/^user-banks\.create\.persisted: .*none of its \d+ generated input\(s\) could be proved/),
    ]);
    const quiet = reference.callers.a.userIds[1] as string;
    for (const id of ['pagination.traversal.complete', 'pagination.traversal.repeatable', 'auth.create-user-bank.refused-write-no-effect'])
      expect(checks.find((c) => c.id === id)?.message, id).toContain(`User ${quiet}'s list`);
    expect(checks.find((c) => c.id === 'pagination.filter.user-id.complete')?.message).toContain(
      "the caller's whole list as far as it was read",
    );
  } finally {
    await reference.close();
  }
});
