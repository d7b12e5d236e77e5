/**
 * A target the size of a real staging system: the configured User holds 5,000 more User Banks. The
 * suite must still reach a verdict on its own merits: no check inconclusive because the runner spent
 * its time on itself (redacting 5,000 learned account numbers one by one once starved the requests
 * into time-outs) or because a proof listing stopped at a page cap sized for small lists.
 */
import { expect, test } from 'vitest';
import { startReference } from '../../src/reference/server.js';
import { allOutput, runCli, targetArgs } from '../support/run-cli.js';

const EXTRA_BANKS = 5_000;

test(`a User with ${EXTRA_BANKS} more User Banks: conformant, nothing inconclusive, no account number printed whole`, async () => {
  const reference = await startReference({ extraBanks: EXTRA_BANKS });
  try {
    const run = await runCli([...targetArgs(reference), '--seed', '42']);
    const unsettled = run.results?.checks.filter((c) => c.outcome === 'fail' || c.outcome === 'inconclusive').map((c) => `${c.id}: ${c.outcome}: ${c.message}`);
    expect(unsettled).toEqual([]);
    expect(run.code, run.stderr).toBe(0);
    // A bank of the extra ones, read by the walks: its account number appears masked at most.
    const listed = await fetch(`${reference.url}/user_banks?limit=1&user_id=${reference.callers.a.userIds[0]}`, { headers: { authorization: `Bearer ${reference.callers.a.token}` } });
    const accountNumber = ((await listed.json()) as { data: { account_number: string }[] }).data[0]?.account_number as string;
    expect(accountNumber.length).toBeGreaterThan(4);
    expect(allOutput(run)).not.toContain(accountNumber);
    expect(allOutput(run)).not.toContain(reference.callers.a.token);
  } finally {
    await reference.close();
  }
});
