/**
 * The pagination suite through the real CLI where its bounds and its data set-up matter:
 * a cursor that never ends (the run still finishes, within its page caps, with a fail), a caller
 * with too few User Banks (the suite creates the missing ones within --max-writes, and lists them
 * in created[]), and the same caller in --read-only (the checks that need more items skip, saying
 * how many). Caller B of the reference (4 User Banks) plays the small target.
 */
import { describe, expect, test } from 'vitest';
import { ITEMS_FOR_DEFAULT, REFERENCE_WALK_PAGES, pageCapFor, smallLimitsFor } from '../../src/methods/pagination/plan.js';
import { PROOF_ITEM_BUDGET } from '../../src/methods/pagination/proof-walk.js';
import { defaultMaxPages } from '../../src/methods/pagination/walker.js';
import { startReference } from '../../src/lab/server.js';
import { READ_REPLAY_BUDGET } from '../../src/methods/replay/replay-run.js';
import { READ_GRAMMAR_BUDGET } from '../../src/methods/robustness/read-grammar.js';
import { targetArgs, type CliRun } from '../support/run-cli.js';
import { InProcessRuns } from '../support/in-process-runs.js';
import { shardOfCheck } from '../support/shard-of-check.js';

/** The CLI's runs in this process (test/support/in-process-runs.ts): these judge verdicts, not the process. */
const pool = new InProcessRuns(3);

const outcome = (run: CliRun, id: string) => run.results?.checks.find((c) => c.id === id);

/** Caller B as the only caller: a target whose list holds 4 User Banks. */
function smallTargetArgs(reference: Awaited<ReturnType<typeof startReference>>): string[] {
  return ['--base-url', reference.url, '--token', reference.callers.b.token, '--user-id', reference.callers.b.userIds[0] as string];
}

describe.concurrent('pagination runs', () => {
  test('a cursor that never ends: the run ends within its page caps, exit 1, a fail from pagination.traversal.ends naming the loop', async () => {
    const reference = await startReference({ faults: ['cursor-never-ends'] });
    try {
      const run = await pool.run([...targetArgs(reference), '--seed', '7'], { boundMs: 170_000 });
      expect(run.code, run.stderr).toBe(1);
      expect(outcome(run, 'pagination.traversal.ends')?.outcome, outcome(run, 'pagination.traversal.ends')?.message).toBe('fail');
      // The last page points back to the start with a fresh cursor: the second lap, page for page, shows the loop.
      expect(outcome(run, 'pagination.traversal.ends')?.message).toMatch(/went back to the start of the list \(a loop\)/);
      // Every GET the whole run sent stays under the sum of the pagination walks' caps plus the
      // other checks' requests: the endless cursor was not followed without bound.
      const total = 105;
      const walkCaps =
        REFERENCE_WALK_PAGES +
        smallLimitsFor(total).reduce((sum, k) => sum + pageCapFor(total, k), 0) +
        pageCapFor(total, undefined) +
        pageCapFor(total, 100) +
        4 * pageCapFor(total, 1);
      // Each listing that proves an absence (8 lists at most: per user filter and caller) reads up to
      // the proof budget once; again after that, only the ordinary budget (src/methods/pagination/proof-walk.ts).
      const proofExtra = 8 * (defaultMaxPages(100, PROOF_ITEM_BUDGET) - defaultMaxPages(100));
      // The replay of every distinct read and the read grammar have budgets of their own (src/methods/replay/replay-run.ts, src/methods/robustness/read-grammar.ts).
      expect(reference.requestCounts.GET ?? 0).toBeLessThan(walkCaps + proofExtra + 500 + READ_REPLAY_BUDGET + READ_GRAMMAR_BUDGET);
    } finally {
      await reference.close();
    }
  });

  test('a conformant list growing at its front faster than a slow walk reads (offset cursors, another writer): items seen twice, every walk ends, decided and never a fail', async () => {
    // Newest first with offset cursors, a User Bank every 100 ms by someone else, 150 ms a round
    // trip: a walk at a small limit falls behind and meets items again, as many as were added
    // before its place. That is the list's growth, not a cursor going round: the walk gets the
    // pages it needs (growth.ts) and reaches the end.
    const reference = await startReference({
      variation: { order: 'desc', cursorStyle: 'offset', backgroundWriterMs: 100 },
      latencyMs: 150,
    });
    try {
      const run = await pool.run([...targetArgs(reference), '--seed', '7', ...(await shardOfCheck('pagination.traversal.ends'))], {
        boundMs: 170_000,
      });
      // The situation happened: a walk listed items twice, as many as were created before its place ...
      expect(outcome(run, 'pagination.traversal.no-duplicates')?.message, run.stdout).toMatch(
        /listed \d+ id\(s\) twice while \d+ User Bank\(s\) were created meanwhile/,
      );
      // ... every walk still reached the end, and no pagination check failed or was left undecided.
      expect(outcome(run, 'pagination.traversal.ends')?.outcome, run.stdout).toBe('pass');
      const undecided = run.results?.checks.filter((c) => c.outcome === 'fail' || c.outcome === 'inconclusive');
      expect(undecided?.map((c) => `${c.outcome} ${c.id}: ${c.message}`)).toEqual([]);
    } finally {
      await reference.close();
    }
  });

  test('too few User Banks: the suite creates the missing ones within --max-writes and the run is conformant', async () => {
    const reference = await startReference();
    try {
      const run = await pool.run([...smallTargetArgs(reference), '--seed', '7', '--max-writes', '150']);
      const fails = run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => `${c.id}: ${c.message}`);
      expect(fails).toEqual([]);
      expect(run.code, run.stderr).toBe(0);
      expect(outcome(run, 'pagination.limit.default')?.outcome).toBe('pass');
      expect(outcome(run, 'pagination.limit.default')?.message).toContain(`created ${ITEMS_FOR_DEFAULT - 4}`);
      expect(run.results?.created.length ?? 0).toBeGreaterThanOrEqual(ITEMS_FOR_DEFAULT - 4);
      expect(run.results?.created.length ?? 0).toBeLessThanOrEqual(150);
    } finally {
      await reference.close();
    }
  });

  test('too few User Banks in --read-only: nothing is created, the checks that need 101 skip saying so', async () => {
    const reference = await startReference();
    try {
      const run = await pool.run([...smallTargetArgs(reference), '--seed', '7', '--read-only']);
      expect(run.code, run.stderr).toBe(0);
      expect(reference.requestCounts.POST ?? 0).toBe(0);
      for (const id of ['pagination.limit.default', 'pagination.limit.max-100']) {
        const check = outcome(run, id);
        expect(check?.outcome, id).toBe('skip');
        expect(check?.message).toContain(`${ITEMS_FOR_DEFAULT}`);
        expect(check?.message).toContain('--read-only');
      }
      // The walks that need only a few items still run and pass.
      expect(outcome(run, 'pagination.traversal.complete')?.outcome).toBe('pass');
      expect(outcome(run, 'pagination.filter.user-id.every-page')?.outcome).toBe('pass');
    } finally {
      await reference.close();
    }
  });
});
