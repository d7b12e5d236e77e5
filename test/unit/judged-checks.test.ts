import { afterAll, describe, expect, test } from 'vitest';
import { JudgedChecks } from '../../src/harness/judged-checks.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { InProcessRuns } from '../support/in-process-runs.js';
import { targetArgs } from '../support/run-cli.js';

describe('the checks a run judges', () => {
  test("the engine's plan, less the areas --skip-area turns off; before a plan, every check of an area left on", () => {
    const judged = new JudgedChecks(['robustness']);
    expect(judged.has('users.get.schema')).toBe(true);
    expect(judged.has('robustness.refused-requests-store-nothing')).toBe(false);
    judged.plan(['users.get.schema', 'robustness.refused-requests-store-nothing']);
    expect(judged.has('users.get.schema')).toBe(true);
    expect(judged.has('robustness.refused-requests-store-nothing')).toBe(false);
    expect(judged.has('auth.create-user-bank.refused-write-no-effect')).toBe(false);
    expect(judged.areaTurnedOff('robustness')).toBe(true);
  });

  const started: RunningReference[] = [];
  afterAll(() => Promise.all(started.map((r) => r.close())));

  test('--check naming one absence proof sends the writes of that proof only: no unusual request, no other caller', async () => {
    const reference = await startReference({});
    started.push(reference);
    const run = await new InProcessRuns(1).run([
      ...targetArgs(reference),
      '--seed',
      '3',
      '--check',
      'auth.create-user-bank.refused-write-no-effect',
    ]);
    expect(run.results?.checks.find((c) => c.id === 'auth.create-user-bank.refused-write-no-effect')?.outcome).toBe('pass');
    // The bad-credentials POSTs of the one operation it judges, and nothing of the create grammar (about 74 POSTs).
    expect(reference.requestCounts.POST ?? 0).toBeGreaterThan(0);
    expect(reference.requestCounts.POST ?? 0).toBeLessThan(40);
    expect(run.results?.created.filter((r) => r.purpose === 'unusual but legal create requests')).toEqual([]);
  });
});
