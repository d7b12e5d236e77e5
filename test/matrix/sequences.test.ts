/**
 * Stateful sequences end to end (issue 29): against the reference with a defect only a sequence of
 * both callers shows, the run fails sequences.caller-data.agrees and report.md and report.html show
 * the failing sequence as numbered steps, each with its curl line (tokens as environment variables),
 * with what the model expected and what the server answered. Read-only, the sequences send no write.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startReference } from '../../src/lab/server.js';
import { targetArgs } from '../support/run-cli.js';
import { shardOfCheck } from '../support/shard-of-check.js';
import { InProcessRuns } from '../support/in-process-runs.js';

const pool = new InProcessRuns(1);

const shard = await shardOfCheck('sequences.caller-data.agrees');

test('a failing sequence is reported as numbered steps with curl lines, expected and seen', async () => {
  const reference = await startReference({ faults: ['recent-creations-shown-to-every-caller'] });
  try {
    const run = await pool.run([...targetArgs(reference), '--seed', '42', ...shard]);
    const check = run.results?.checks.find((c) => c.id === 'sequences.caller-data.agrees');
    expect(check?.outcome).toBe('fail');
    const finding = check?.findings[0];
    expect(finding?.requirements).toContain('tenant.isolation');
    expect(finding?.expected).toMatch(/only caller [AB]'s banks/);
    const markdown = readFileSync(join(run.reportDir, 'report.md'), 'utf8');
    // The core's write: both callers' creates in flight at once, numbered in the order they were answered.
    expect(markdown).toMatch(/\n {4}1\. caller [AB] \(sent first, at once with caller [AB]\): POST \/user_banks for its User \S+ -> 201/);
    expect(markdown).toMatch(/\n {4}2\. caller [AB] \(sent while caller [AB]'s was in flight\): POST \/user_banks for its User \S+ -> 201/);
    expect(markdown).toMatch(/\n {4}3\. caller A: GET \/user_banks\?limit=100 -> 200/);
    expect(markdown).toMatch(/\n {7}curl -sS -i .*\$CONFORMANCE_TOKEN_B/);
    expect(markdown).toMatch(/- expected: only caller ([AB])'s banks\n {2}- seen: a bank of caller (?!\1)[AB]/);
    expect(markdown).not.toContain(reference.callers.a.token);
    const html = readFileSync(join(run.reportDir, 'report.html'), 'utf8');
    expect(html).toMatch(/<pre class="counterexample">[^<]*\n1\. caller [AB] \(sent first, at once with caller [AB]\): POST \/user_banks/);
  } finally {
    await reference.close();
  }
});

test('read-only, the sequences read only: no POST reaches the target, and the check still judges', async () => {
  const reference = await startReference();
  try {
    const run = await pool.run([...targetArgs(reference), '--seed', '42', '--read-only', ...shard]);
    const check = run.results?.checks.find((c) => c.id === 'sequences.caller-data.agrees');
    expect(check?.outcome).toBe('pass');
    expect(check?.message).toMatch(/reads only/);
    expect(reference.requestCounts.POST ?? 0).toBe(0);
    expect(reference.requestCounts.GET ?? 0).toBeGreaterThan(10);
  } finally {
    await reference.close();
  }
});
