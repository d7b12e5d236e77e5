/**
 * Safe against real systems, proved at the server: --read-only sends no POST, --max-writes is never
 * exceeded and every created id is reported, and no token or personal data reaches any artifact.
 */
import { describe, expect, test } from 'vitest';
import { writesForFullRuns } from '../../src/core/write-plan.js';
import { startReference } from '../../src/lab/server.js';
import { allOutput, runCli, targetArgs } from '../support/run-cli.js';

describe.concurrent('safety', () => {
  test('--read-only sends 0 POST, skips what needs writes, and is still conformant', async () => {
    const reference = await startReference();
    try {
      const run = await runCli([...targetArgs(reference), '--read-only']);
      expect(reference.requestCounts.POST ?? 0).toBe(0);
      expect(run.code, run.stdout).toBe(0);
      expect(run.results?.created).toEqual([]);
      const skipped = run.results?.checks.filter((c) => c.outcome === 'skip') ?? [];
      expect(skipped.length).toBeGreaterThan(0);
      for (const check of skipped) expect(check.message.length).toBeGreaterThan(10);
    } finally {
      await reference.close();
    }
  });

  test('--max-writes 5 creates at most 5, and results.json lists exactly what was created', async () => {
    const reference = await startReference();
    const allBanks = () => reference.state.callers.flatMap((c) => c.banks);
    const before = new Set(allBanks().map((b) => b.id));
    try {
      const run = await runCli([...targetArgs(reference), '--max-writes', '5']);
      const createdAtServer = allBanks().filter((b) => !before.has(b.id));
      expect(reference.requestCounts.POST ?? 0).toBeGreaterThan(0);
      expect(createdAtServer.length).toBeLessThanOrEqual(5);
      expect(new Set(run.results?.created.map((c) => c.id))).toEqual(new Set(createdAtServer.map((b) => b.id)));
      expect(run.code, run.stdout).not.toBe(1);
      // Each check the budget stopped says how many writes would have been enough.
      const budgetSkips = run.results?.checks.filter((c) => c.outcome === 'skip' && /max-writes/.test(c.message)) ?? [];
      expect(budgetSkips.length).toBeGreaterThan(0);
      for (const check of budgetSkips)
        expect(check.message, check.id).toContain(`--max-writes ${writesForFullRuns(25)} (the default at --runs 25) runs every check`);
    } finally {
      await reference.close();
    }
  });

  test('no token, SSN, e-mail, phone or full account number of the target in any artifact, failures included', async () => {
    // Faults that put Users and User Banks into failing evidence, so the reports quote their bodies.
    const reference = await startReference({ faults: ['user-created-at-not-date-time', 'bank-boolean-as-string'] });
    const people = reference.state.callers.flatMap((c) => c.users);
    const banks = reference.state.callers.flatMap((c) => c.banks);
    try {
      const run = await runCli(targetArgs(reference));
      expect(run.code).toBe(1);
      const everything = allOutput(run);
      expect(everything).toContain('users.get.schema'); // the evidence is there...
      expect(everything).not.toContain(reference.callers.a.token); // ...but none of this
      expect(everything).not.toContain(reference.callers.b.token);
      // The auth checks send near-misses of the token (its first half, all but one character): none is printed either.
      expect(everything).not.toContain(reference.callers.a.token.slice(0, 12));
      expect(everything).not.toContain(reference.callers.a.token.slice(-12));
      for (const person of people) {
        expect(everything).not.toContain(person.ssn);
        expect(everything).not.toContain(person.email);
        expect(everything).not.toContain(person.phone);
      }
      const leaked = banks.map((b) => b.account_number).filter((n) => n.length >= 6 && everything.includes(n));
      expect(leaked).toEqual([]);
    } finally {
      await reference.close();
    }
  });
});
