/**
 * A shared staging as CI meets it: replicas that list a creation late (2 s here, within the default
 * settle window of 5 s) still give a conformant run, with the lag reported; and on a reference that
 * lists late (300 ms) the faults of storage are still caught: a creation never kept, a refused write
 * kept, banks created at once sharing an id, another caller's write stored on our User. With
 * another writer adding User Banks meanwhile (conformant in variations.test.ts), a lost page and a
 * refused write kept are still told apart from the other writer's banks.
 */
import { describe, expect, test } from 'vitest';
import { writesForFullRuns } from '../../src/core/write-plan.js';
import { faultNamed, type FaultName } from '../../src/lab/faults/index.js';
import { startReference } from '../../src/lab/server.js';
import { targetArgs } from '../support/run-cli.js';
import { InProcessRuns } from '../support/in-process-runs.js';
import { unsettledChecks } from '../support/unsettled-checks.js';

/** The CLI's runs in this process (test/support/in-process-runs.ts): these judge verdicts, not the process. */
const pool = new InProcessRuns(2);

/** The fault on top of the variation is still caught by the check aimed at it, and the run fails. */
async function expectCaughtOn(variation: string, name: FaultName): Promise<void> {
  const fault = faultNamed(name);
  const reference = await startReference({ variation, faults: [name] });
  try {
    const run = await pool.run([...targetArgs(reference), '--seed', '42'], { boundMs: 240_000 });
    const failing = run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => c.id) ?? [];
    expect(failing, `${fault.description}\n${run.stdout}`).toContain(fault.caughtBy);
    expect(run.code).toBe(1);
  } finally {
    await reference.close();
  }
}
describe.concurrent('a target that lists creations late', () => {
  test('2 s late: conformant, the lag measured and reported', async () => {
    const reference = await startReference({ variation: { listingLagMs: 2_000 } });
    try {
      const run = await pool.run([...targetArgs(reference), '--seed', '7'], { boundMs: 240_000 });
      const fails = run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => `${c.id}: ${c.message}`) ?? [];
      expect(fails, run.stdout).toEqual([]);
      expect(run.results?.summary.inconclusive, run.stdout).toBe(0);
      expect(run.code, run.stderr).toBe(0);
      const consistency = run.results?.consistency;
      expect(consistency?.settleMs).toBe(5_000);
      expect(consistency?.maxLagMs ?? 0).toBeGreaterThanOrEqual(2_000);
      expect(consistency?.maxLagMs ?? Infinity).toBeLessThan(5_000 + 2_000);
      expect(run.stdout).toMatch(/listing lag: writes were listed up to \d+ ms after their answer/);
      // The absence proofs waited what the lag calls for: three times the longest lag observed (issue 53).
      expect(consistency?.absenceWindowMs ?? 0).toBeGreaterThanOrEqual(3 * (consistency?.maxLagMs ?? Infinity));
      expect(run.stdout).toMatch(
        /absence window: \d+ ms after the latest write before an absence is read as final \(3 x the longest listing lag observed/,
      );
    } finally {
      await reference.close();
    }
  });

  test('a lag that varies from write to write (0 to 1.5 s, replicas that lag differently): conformant and decided, the absence window fitted to the longest lag seen', async () => {
    const reference = await startReference({ variation: { listingLagMs: 1_500, listingLagVaries: true } });
    try {
      const run = await pool.run([...targetArgs(reference), '--seed', '8'], { boundMs: 240_000 });
      expect(unsettledChecks(run.results), run.stdout).toEqual([]);
      expect(run.code, run.stderr).toBe(0);
      const consistency = run.results?.consistency;
      expect(consistency?.samples ?? 0).toBeGreaterThan(1);
      expect(consistency?.medianLagMs ?? 0).toBeLessThan(consistency?.maxLagMs ?? 0);
      expect(consistency?.absenceWindowMs).toBe(Math.max(1_000, 3 * (consistency?.maxLagMs ?? 0)));
    } finally {
      await reference.close();
    }
  });

  test('reads alternating between a replica listing at once and one 2.5 s behind: conformant and decided, a view break within the whole window judged again after it', async () => {
    const reference = await startReference({ variation: 'replica-behind-round-robin' });
    try {
      const run = await pool.run([...targetArgs(reference), '--seed', '5'], { boundMs: 240_000 });
      expect(unsettledChecks(run.results), run.stdout).toEqual([]);
      expect(run.code, run.stderr).toBe(0);
      // The run's own writes may all have been read from the fresh replica (a lag near 0): the view
      // relations then meet the lagging one within the fitted window, and a break is judged again
      // after the whole window; the message says which window judged.
      const views = run.results?.checks.find((c) => c.id === 'sequences.views.agree')?.message ?? '';
      expect(views).toMatch(/an item counts once listed \d+ ms before a walk began: (3 x the longest listing lag|the whole settle window)/);
    } finally {
      await reference.close();
    }
  });

  test('no lag: the absence proofs wait 1 s, not the default 5 s, and the report says why; --settle-ms still sets the window exactly', async () => {
    const reference = await startReference({});
    try {
      const fitted = await pool.run([
        ...targetArgs(reference),
        '--seed',
        '9',
        '--check',
        'user-banks.create.persisted,user-banks.create.invalid.creates-nothing',
      ]);
      expect(fitted.code, fitted.stdout).toBe(0);
      expect(fitted.results?.consistency?.absenceWindowMs).toBe(1_000);
      expect(fitted.results?.consistency?.absenceWindowWhy).toMatch(
        /^3 x the longest listing lag observed \(0 ms over \d+ writes\), at least 1000 ms/,
      );
      const given = await pool.run([
        ...targetArgs(reference),
        '--seed',
        '9',
        '--settle-ms',
        '2500',
        '--check',
        'user-banks.create.invalid.creates-nothing',
      ]);
      expect(given.code, given.stdout).toBe(0);
      expect(given.results?.consistency?.absenceWindowMs).toBe(2_500);
      expect(given.results?.consistency?.absenceWindowWhy).toBe('--settle-ms 2500');
    } finally {
      await reference.close();
    }
  });

  test('a refused write a queue stores 400 ms late (bank-rejected-but-queued): the window fitted to writes listed at once (1 s) catches it', async () => {
    const reference = await startReference({ faults: ['bank-rejected-but-queued'] });
    const proof = 'user-banks.create.invalid.creates-nothing';
    const outcomeOf = (run: Awaited<ReturnType<typeof pool.run>>) => run.results?.checks.find((c) => c.id === proof)?.outcome;
    try {
      const only = ['--seed', '10', '--check', `user-banks.create.persisted,${proof}`];
      const fitted = await pool.run([...targetArgs(reference), ...only]);
      expect(fitted.results?.consistency?.absenceWindowMs).toBe(1_000);
      expect(outcomeOf(fitted), fitted.stdout).toBe('fail');
    } finally {
      await reference.close();
    }
  });

  for (const name of [
    'bank-not-kept',
    'bank-rejected-but-kept',
    'bank-id-collision-concurrent',
    'auth-refused-write-persists',
    'cross-tenant-bank-create',
  ] as const) {
    test(`300 ms late, fault ${name}: still caught by ${faultNamed(name).caughtBy}`, async () => {
      await expectCaughtOn('late-listing-300ms', name);
    });
  }
});

describe.concurrent('a target someone else writes to meanwhile (a User Bank every 500 ms on the test User)', () => {
  for (const name of ['page-boundary-skip', 'bank-rejected-but-kept'] as const) {
    test(`fault ${name}: still caught by ${faultNamed(name).caughtBy}, and by nothing the other writer did`, async () => {
      await expectCaughtOn('background-writer', name);
    });
  }
});

describe('a long-lived staging User that already holds the paging data (1,000 more User Banks)', () => {
  test('a default run creates at most the default --max-writes (15 at --runs 25) User Banks, says how many and why, and its absence proof lists the User twice, not once per request', async () => {
    const reference = await startReference({ extraBanks: 1_000 });
    try {
      const run = await pool.run([...targetArgs(reference), '--seed', '42'], { boundMs: 240_000 });
      expect(run.code, run.stdout).toBe(0);
      const created = run.results?.created ?? [];
      expect(created.length).toBeGreaterThan(0);
      expect(created.length).toBeLessThanOrEqual(writesForFullRuns(25));
      expect(run.stdout).toContain(`created ${created.length} resource(s): `);
      expect(run.stdout).toMatch(/\d+ (valid bodies of the creation properties|created at once)/);
      expect(new Set(created.map((c) => c.check))).toContain('user-banks.create.concurrent');
      const proof = run.results?.checks.find((c) => c.id === 'user-banks.create.invalid.creates-nothing');
      expect(proof?.outcome, proof?.message).toBe('pass');
      // 25 requests and two listings of 12 pages; a listing per refused request would be about 25 x 12 more.
      expect(proof?.exchangeCount).toBeLessThan(25 + 2 * 12 + 20);
    } finally {
      await reference.close();
    }
  });
});
