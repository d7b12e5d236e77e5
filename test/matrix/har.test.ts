/**
 * The run's traffic as HAR: a real CLI run against the reference switched into a fault, its
 * traffic.har validated against schemas/har.schema.json (written from the HAR 1.2 field list), each
 * finding's exchange found in it by the "HAR entry N" printed beside the curl line, and the leak scan
 * the other artifacts get run over it. Replayed in a browser: test/browser/har.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import type { Har } from '../../src/results/report/har.js';
import { validate } from '../../src/contract/schema/validator.js';
import { allOutput, runCli, targetArgs, type CliRun } from '../support/run-cli.js';

let reference: RunningReference;
let run: CliRun;
let har: Har;

beforeAll(async () => {
  // Faults that put Users and User Banks into failing evidence, as the leak scan of safety.test.ts does.
  reference = await startReference({ faults: ['user-created-at-not-date-time', 'bank-boolean-as-string'] });
  run = await runCli([...targetArgs(reference), '--seed', '11']);
  har = JSON.parse(readFileSync(join(run.reportDir, 'traffic.har'), 'utf8')) as Har;
}, 120_000);
afterAll(async () => {
  await reference.close();
});

describe('traffic.har', () => {
  test('is HAR 1.2 by the schema, and holds every exchange of the run once, the preflight reads first', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(validate('har', har)).toEqual([]);
    expect(har.log.version).toBe('1.2');
    const ids = har.log.entries.map((e) => e._id);
    const preflight = run.results?.preflight?.length ?? 0;
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe((run.results?.traffic?.requests ?? 0) + preflight);
    expect(ids.slice(0, preflight)).toEqual(run.results?.preflight?.map((e) => e.seq));
    expect(run.results?.har).toBe('traffic.har');
  });

  test('the schema refuses what is not HAR: a missing status, a field that is neither HAR nor custom', () => {
    const broken = structuredClone(har);
    const [first, second] = broken.log.entries;
    delete (first?.response as { status?: number }).status;
    (second as unknown as Record<string, unknown>).checks = [];
    const paths = validate('har', broken).map((v) => v.path);
    expect(paths).toContain('/log/entries/0/response');
    expect(paths).toContain('/log/entries/1');
  });

  test("each finding's exchange is the HAR entry printed beside its curl line, tagged with the check and the finding", () => {
    const failing = run.results?.checks.filter((c) => c.outcome === 'fail') ?? [];
    const pinned = failing.flatMap((c) => c.findings.filter((f) => f.exchange !== undefined).map((f) => ({ check: c, finding: f })));
    expect(pinned.length).toBeGreaterThan(0);
    const markdown = readFileSync(join(run.reportDir, 'report.md'), 'utf8');
    const html = readFileSync(join(run.reportDir, 'report.html'), 'utf8');
    for (const { check, finding } of pinned) {
      const entry = har.log.entries.find((e) => e._id === finding.exchange);
      expect(entry, `${check.id}: HAR entry ${finding.exchange}`).toBeDefined();
      expect(entry?._checks).toContain(check.id);
      expect(entry?._findings.map((f) => f.message)).toContain(finding.message);
      expect(entry?.comment).toContain(`FAIL ${check.id}`);
      const evidence = check.exchanges.find((e) => e.seq === finding.exchange);
      expect(entry?.request.url).toBe(evidence?.url);
      expect(entry?.response.status).toBe(evidence?.status);
    }
    const shown = failing.find((c) => c.curl.length > 0 && c.exchanges.some((e) => e.curl === c.curl[0]));
    const seq = shown?.exchanges.find((e) => e.curl === shown.curl[0])?.seq;
    expect(markdown).toContain(`Reproduce with (HAR entry ${seq} in traffic.har):`);
    expect(html).toContain(`Reproduce with (HAR entry ${seq} in traffic.har)</p>`);
  });

  test('is redacted as every other artifact: no token, SSN, e-mail, phone or full account number', () => {
    const text = readFileSync(join(run.reportDir, 'traffic.har'), 'utf8');
    expect(allOutput(run)).toContain(text.slice(0, 2_000)); // the leak scan covers the HAR...
    const everything = allOutput(run);
    expect(everything).toContain('Bearer $CONFORMANCE_TOKEN'); // ...whose requests carry the header...
    expect(everything).not.toContain(reference.callers.a.token); // ...as a variable only
    expect(everything).not.toContain(reference.callers.b.token);
    expect(everything).not.toContain(reference.callers.a.token.slice(0, 12));
    for (const person of reference.state.callers.flatMap((c) => c.users)) {
      expect(text).not.toContain(person.ssn);
      expect(text).not.toContain(person.email);
      expect(text).not.toContain(person.phone);
    }
    const leaked = reference.state.callers
      .flatMap((c) => c.banks)
      .map((b) => b.account_number)
      .filter((n) => n.length >= 6 && text.includes(n));
    expect(leaked).toEqual([]);
  });
});

test('--har FILE writes it there and results.json names it; a run that ends before its checks leaves no earlier HAR behind', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'blc-har-'));
  const file = join(dir, 'elsewhere', 'run.har');
  const reportDir = join(dir, 'reports');
  const placed = await runCli([
    ...targetArgs(reference),
    '--har',
    file,
    '--report-dir',
    reportDir,
    '--skip-area',
    'robustness,replay,sequences',
  ]);
  expect(placed.code, placed.stderr).not.toBe(2);
  expect(validate('har', JSON.parse(readFileSync(file, 'utf8')))).toEqual([]);
  expect(placed.results?.har).toBe(file);
  expect(existsSync(join(reportDir, 'traffic.har'))).toBe(false);

  const earlier = await runCli([...targetArgs(reference), '--report-dir', reportDir, '--skip-area', 'robustness,replay,sequences']);
  expect(existsSync(join(reportDir, 'traffic.har'))).toBe(true);
  const refused = await runCli([
    '--base-url',
    reference.url,
    '--token',
    'not-a-token-of-it',
    '--user-id',
    'usr_x',
    '--report-dir',
    reportDir,
  ]);
  expect(refused.code).toBe(2);
  expect(earlier.code).not.toBe(2);
  // The preflight's reads are this run's traffic: the HAR now holds them, not the earlier run's.
  const after = JSON.parse(readFileSync(join(reportDir, 'traffic.har'), 'utf8')) as Har;
  expect(after.log.entries.length).toBe(refused.results?.preflight?.length);
  expect(after.log.comment).toMatch(/^could-not-run run/);
});
