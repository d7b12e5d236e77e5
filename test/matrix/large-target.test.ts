/**
 * Targets the size of a real staging system. The suite must still reach a verdict on its own
 * merits: no check inconclusive because the runner spent its time on itself (redacting thousands of
 * learned account numbers one by one, or grouping a big list with a copy per item, once starved the
 * requests into time-outs), or because a walk stopped at a cap sized for small lists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startReference } from '../../src/lab/server.js';
import { allOutput, runCli } from '../support/run-cli.js';
import { unsettledChecks } from '../support/unsettled-checks.js';

const cases = [
  // The configured User holds them: its listings prove refused writes stored nowhere.
  { name: 'a configured User with 5,105 User Banks', extraBanks: 5_000, user: 0 },
  // Another User holds them: the caller's whole list (25,105) is read to 10,000 and the pagination proofs move to
  // that User, which the run never writes to (25,060, walked, grouped and filtered).
  { name: 'a caller with 25,105 User Banks', extraBanks: 25_000, user: 1 },
];

describe.concurrent('large targets', () => {
  for (const { name, extraBanks, user } of cases) {
    test(`${name}: conformant, nothing inconclusive, no account number printed whole, no listing walked past its use`, async () => {
      const reference = await startReference({ extraBanks });
      try {
        const { a, b } = reference.callers;
        const run = await runCli([
          '--base-url',
          reference.url,
          '--token',
          a.token,
          '--user-id',
          a.userIds[user] as string,
          '--token-b',
          b.token,
          '--user-id-b',
          b.userIds[0] as string,
          '--seed',
          '42',
        ]);
        expect(unsettledChecks(run.results)).toEqual([]);
        expect(run.code, run.stderr).toBe(0);
        // One of the big User's banks, read by the walks: its account number appears masked at most.
        const listed = await fetch(`${reference.url}/user_banks?limit=1&user_id=${a.userIds[0]}`, {
          headers: { authorization: `Bearer ${a.token}` },
        });
        const accountNumber = ((await listed.json()) as { data: { account_number: string }[] }).data[0]?.account_number as string;
        expect(accountNumber.length).toBeGreaterThan(4);
        expect(allOutput(run)).not.toContain(accountNumber);
        expect(allOutput(run)).not.toContain(a.token);
        // A sequence's listing of caller A's whole list (over 40 pages at either of its page sizes) cannot end, so it reads one page.
        const listings = sequenceListingsOfWholeList(run.reportDir);
        expect(listings.length).toBeGreaterThan(0);
        expect(listings.filter((url) => url.searchParams.has('cursor')).map(String)).toEqual([]);
      } finally {
        await reference.close();
      }
    });
  }
});

/** The requests of the stateful sequences for caller A's unfiltered GET /user_banks, from the run's HAR. */
function sequenceListingsOfWholeList(reportDir: string): URL[] {
  const har = JSON.parse(readFileSync(join(reportDir, 'traffic.har'), 'utf8')) as {
    log: { entries: { _checks?: string[]; request: { method: string; url: string; headers: { name: string; value: string }[] } }[] };
  };
  return har.log.entries
    .filter((e) => e._checks?.includes('sequences.caller-data.agrees') && e.request.method === 'GET')
    .filter((e) => e.request.headers.some((h) => h.name.toLowerCase() === 'authorization' && h.value === 'Bearer $CONFORMANCE_TOKEN'))
    .map((e) => new URL(e.request.url))
    .filter((url) => url.pathname === '/user_banks' && !url.searchParams.has('user_id') && !url.searchParams.has('status'));
}
