/**
 * A gate kept for years (issue 55, growth in sight): the API has no DELETE, so every run's User
 * Banks stay on the test User. Three gates in a row, the real CLI against one reference on
 * 127.0.0.1 that keeps what each run wrote, each run given the previous one's results.json as
 * --baseline: every run says how large each list it walked was and what it left, and the later
 * runs say how fast the configured User's list grows and when it reaches its bounds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startReference } from '../../src/lab/server.js';
import { validate } from '../../src/contract/schema/validator.js';
import { PROOF_ITEM_BUDGET, WALK_ITEM_BUDGET, listKeyOf } from '../../src/core/model/list-sizes.js';
import { runCli, targetArgs, type CliRun } from '../support/run-cli.js';

describe('three gates in a row against a growing target', () => {
  test('each run reports the lists it walked and its footprint; with --baseline, the growth and when it reaches its bounds', async () => {
    const reference = await startReference({});
    try {
      const user = reference.callers.a.userIds[0] as string;
      const userList = listKeyOf({ caller: 'a', path: '/user_banks', filters: { user_id: user } });
      const banksOfUser = (): number => reference.state.callers[0]?.banks.filter((b) => b.user_id === user).length ?? 0;
      const runs: CliRun[] = [];
      const held: number[] = [banksOfUser()];
      for (let gate = 0; gate < 3; gate += 1) {
        const baseline = runs.at(-1);
        const run = await runCli([
          ...targetArgs(reference),
          '--seed',
          String(100 + gate),
          ...(baseline ? ['--baseline', baseline.reportDir] : []),
        ]);
        expect(run.code, run.stdout + run.stderr).toBe(0);
        runs.push(run);
        held.push(banksOfUser());
      }
      for (const [gate, run] of runs.entries()) {
        const results = run.results;
        if (results === undefined) throw new Error('a gate wrote no results.json');
        expect(validate('results', results)).toEqual([]);
        // The configured User's list, read to its end by the run's proofs: no larger than what the User held at the run's end.
        const listed = results.lists?.find((l) => listKeyOf(l) === userList);
        expect(listed?.complete, JSON.stringify(results.lists)).toBe(true);
        expect(listed?.items).toBeGreaterThan(held[gate] as number);
        expect(listed?.items).toBeLessThanOrEqual(held[gate + 1] as number);
        // The footprint: what the run left on the User, as created[] names it.
        const created = results.created.filter((c) => c.user_id === user).length;
        expect(created).toBe((held[gate + 1] as number) - (held[gate] as number));
        expect(run.stdout).toContain(`footprint: ${results.created.length} resource(s) created (${created} on User ${user}`);
        expect(readFileSync(join(run.reportDir, 'report.md'), 'utf8')).toContain(`${userList}: ${listed?.items} items`);
        if (gate === 0) {
          expect(results.growth).toBeUndefined();
          continue;
        }
        const before = runs[gate - 1]?.results?.lists?.find((l) => listKeyOf(l) === userList)?.items as number;
        const grown = results.growth?.find((g) => g.list === userList);
        expect(grown).toMatchObject({ from: before, to: listed?.items, perRun: (listed?.items as number) - before });
        expect(grown?.perRun).toBeGreaterThan(0);
        expect(grown?.runsUntilSlow).toBe(Math.ceil((WALK_ITEM_BUDGET - (listed?.items as number)) / (grown?.perRun as number)));
        expect(grown?.runsUntilBounded).toBe(Math.ceil((PROOF_ITEM_BUDGET - (listed?.items as number)) / (grown?.perRun as number)));
        for (const text of [run.stdout, readFileSync(join(run.reportDir, 'report.md'), 'utf8')])
          expect(text).toMatch(
            new RegExp(`growth since the baseline: .*${(grown?.sentence as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
          );
        expect(grown?.sentence).toContain(`reaches ${WALK_ITEM_BUDGET} (runs slow) in ${grown?.runsUntilSlow} runs`);
      }
    } finally {
      await reference.close();
    }
  }, 400_000);
});

describe('--user-id naming several Users of the caller', () => {
  test('counts each one before any check, writes to the one with the fewest User Banks and says which (CONFORMANCE_USER_ID)', async () => {
    const reference = await startReference({});
    try {
      const { a, b } = reference.callers;
      const [most, fewest] = [a.userIds[0] as string, a.userIds[1] as string];
      const held = (user: string): number => reference.state.callers[0]?.banks.filter((bank) => bank.user_id === user).length ?? 0;
      const before = { most: held(most), fewest: held(fewest) };
      expect(before.fewest).toBeLessThan(before.most);
      const run = await runCli(['--base-url', reference.url, '--token-b', b.token, '--user-id-b', b.userIds[0] as string, '--seed', '7'], {
        env: { CONFORMANCE_TOKEN: a.token, CONFORMANCE_USER_ID: `${most}, ${fewest}` },
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const results = run.results;
      if (results === undefined) throw new Error('the run wrote no results.json');
      expect(validate('results', results)).toEqual([]);
      expect(results.target.userId).toBe(fewest);
      expect(results.target.userChoice?.counts).toEqual([
        { userId: most, banks: before.most, complete: true },
        { userId: fewest, banks: before.fewest, complete: true },
      ]);
      const sentence = `writes to User ${fewest}, the fewest User Banks of the 2 given (${most} ${before.most}, ${fewest} ${before.fewest})`;
      expect(run.stdout).toContain(`user: ${sentence}`);
      expect(readFileSync(join(run.reportDir, 'report.md'), 'utf8')).toContain(sentence);
      // Every write of caller A went to the chosen User; the other one holds what it held.
      const ofA = results.created.filter((c) => c.caller === 'a');
      expect(ofA.length).toBeGreaterThan(0);
      expect(ofA.filter((c) => c.user_id !== fewest)).toEqual([]);
      expect(held(most)).toBe(before.most);
      expect(held(fewest)).toBe(before.fewest + ofA.length);
    } finally {
      await reference.close();
    }
  }, 300_000);
});
