/**
 * Auth and isolation against the reference, through the real CLI: the second caller is optional
 * (isolation skips with the sentence that enables it, the exit code does not move), a 403 for bad
 * credentials is a legitimate choice (warns only), and neither token is ever printed.
 */
import { describe, expect, test } from 'vitest';
import { isolationChecks } from '../../src/checks/isolation.js';
import { startReference } from '../../src/reference/server.js';
import { allOutput, runCli, targetArgs } from '../support/run-cli.js';

const isolationIds = isolationChecks.map((c) => c.id);

describe.concurrent('auth and tenant isolation, end to end', () => {
  test('without --token-b: every isolation check is skip with the flags that enable it, exit 0, no token printed', async () => {
    const reference = await startReference({ variation: 'baseline' });
    try {
      const run = await runCli([...targetArgs(reference, false), '--seed', '7']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const isolation = run.results?.checks.filter((c) => isolationIds.includes(c.id)) ?? [];
      expect(isolation.map((c) => c.id).sort()).toEqual([...isolationIds].sort());
      for (const check of isolation) {
        expect(check.outcome, check.id).toBe('skip');
        expect(check.message, check.id).toMatch(/--token-b and --user-id-b/);
      }
      const auth = run.results?.checks.filter((c) => c.id.startsWith('auth.')) ?? [];
      expect(auth.length).toBeGreaterThanOrEqual(16);
      expect(auth.filter((c) => c.outcome !== 'pass').map((c) => `${c.id}: ${c.outcome} ${c.message}`)).toEqual([]);
      const everything = allOutput(run);
      expect(everything).not.toContain(reference.callers.a.token);
      expect(everything).not.toContain(reference.callers.b.token);
      // The curl lines of the bad-credentials variants are there, with the token's placeholder.
      expect(everything).toContain('access_token=$CONFORMANCE_TOKEN');
      expect(everything).toContain('authorization: Token $CONFORMANCE_TOKEN');
    } finally {
      await reference.close();
    }
  });

  test('a target that answers 403 to bad credentials: auth gives warns only, isolation passes, no token printed', async () => {
    const reference = await startReference({ variation: 'paged-rfp-403' });
    try {
      const run = await runCli([...targetArgs(reference), '--seed', '7']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const checks = run.results?.checks ?? [];
      const byId = new Map(checks.map((c) => [c.id, c]));
      const ours = checks.filter((c) => c.id.startsWith('auth.') || c.id.startsWith('isolation.'));
      expect(ours.filter((c) => c.outcome === 'fail' || c.outcome === 'inconclusive').map((c) => c.id)).toEqual([]);
      expect(byId.get('auth.refusal-status-401')?.outcome).toBe('warn');
      expect(byId.get('auth.refusal-status-401')?.message).toMatch(/answered 403/);
      expect(byId.get('auth.www-authenticate-bearer')?.outcome).toBe('skip');
      for (const id of isolationIds) expect(byId.get(id)?.outcome, id).toBe('pass');
      const everything = allOutput(run);
      expect(everything).not.toContain(reference.callers.a.token);
      expect(everything).not.toContain(reference.callers.b.token);
    } finally {
      await reference.close();
    }
  });

  test('--read-only: the write-based auth and isolation checks skip and say why, nothing is POSTed', async () => {
    const reference = await startReference({ variation: 'baseline' });
    try {
      const run = await runCli([...targetArgs(reference), '--read-only', '--seed', '7']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(reference.requestCounts.POST ?? 0).toBe(0);
      const byId = new Map((run.results?.checks ?? []).map((c) => [c.id, c]));
      for (const id of ['auth.create-user-bank.missing-credentials-refused', 'auth.create-user-bank.refused-write-no-effect', 'isolation.create-user-bank.other-callers-user-refused']) {
        expect(byId.get(id)?.outcome, id).toBe('skip');
        expect(byId.get(id)?.message, id).toMatch(/--read-only/);
      }
      // Read-only checks still run: B's listing holds none of A's existing banks.
      expect(byId.get('isolation.list-user-banks.other-callers-banks-hidden')?.outcome).toBe('pass');
      expect(byId.get('auth.refusal-status-401')?.outcome).toBe('pass');
    } finally {
      await reference.close();
    }
  });
});
