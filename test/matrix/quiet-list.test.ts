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
import { unsettledChecks } from '../support/unsettled-checks.js';

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

test('conformant there and decided: the moved proofs on the quiet User list they name, the others within the part of the configured User a run reads', async () => {
  const reference = await startReference({ extraBanks: EXTRA_BANKS });
  try {
    const run = await pool.run([...targetArgs(reference), '--seed', '42']);
    const checks = run.results?.checks ?? [];
    // What must find the run's own writes (or their absence) stays on the configured User: on a local
    // target the part of its 12,060 User Banks a run may read (placedItemBudget: 5 s of pages) holds
    // them all, so those proofs are decided too. A remote User past that part leaves them inconclusive,
    // saying why (npm run bench, yearOfGates).
    expect(unsettledChecks(run.results)).toEqual([]);
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

test('the User the run writes to, past what a run reads of it 30 ms away (16,060 User Banks, oldest first): the proofs of its own writes end inconclusive and say why, none passes on nothing', async () => {
  const reference = await startReference({ extraBanks: 16_000, latencyMs: 30 });
  try {
    const run = await pool.run([...targetArgs(reference), '--seed', '43'], { boundMs: 240_000 });
    const checks = run.results?.checks ?? [];
    expect(checks.filter((c) => c.outcome === 'fail').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
    for (const id of ['user-banks.create.persisted', 'user-banks.create.concurrent', 'user-banks.create.invalid.creates-nothing']) {
      const check = checks.find((c) => c.id === id);
      expect(check?.outcome, `${id}: ${check?.message}`).toBe('inconclusive');
      expect(check?.message).toMatch(/none of its \d+ generated input\(s\) could be proved \(the first: .*not to its end/);
    }
    expect(run.code).toBe(2);
  } finally {
    await reference.close();
  }
});
