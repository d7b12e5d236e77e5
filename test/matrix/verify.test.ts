/**
 * `banklink-conformance verify DIR` (issue 56 item 5), for real: runs of a released copy of the
 * package (test/support/released-copy.ts: the shipped files and the digest prepack records), their
 * report directories verified through the copy's bin, as a partner's would be. A fresh report of a
 * whole run verifies (exit 0); an edited verdict fails (exit 1, saying why); a missing report.md
 * cannot be checked (exit 2, saying what); a shipped file changed makes another digest, and the
 * suite then says it was modified since its release.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Results } from '../../src/results/results.js';
import { cliOf, packageCopy } from '../support/released-copy.js';
import { runCli, type CliRun } from '../support/run-cli.js';

const copy = packageCopy({ released: true });
const scratch = mkdtempSync(join(tmpdir(), 'blc-verify-'));

/** `verify DIR` through the copy's bin, with a clean environment. */
function verify(dir: string, root = copy): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(root, 'bin', 'banklink-conformance.mjs'), 'verify', dir], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true' },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A copy of a report directory, to change without touching the run's own. */
function copyOf(dir: string, name: string): string {
  const target = join(scratch, name);
  cpSync(dir, target, { recursive: true });
  return target;
}

const results = (dir: string): Results => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;

describe('verify a report directory', () => {
  let whole: CliRun;
  beforeAll(async () => {
    whole = await runCli(['--implementation', 'acme-bank-api@2.3.1', '--seed', '11'], { entry: cliOf(copy) });
  }, 120_000);
  afterAll(() => {
    rmSync(copy, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  test('a whole run of a released suite: the run says released, and verify checks every item ok (exit 0)', () => {
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.results?.suite.release.status).toBe('released');
    expect(whole.stderr).toContain('released build');
    const run = verify(whole.reportDir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('implementation: acme-bank-api@2.3.1; states CONFORMANT');
    const items = run.stdout.split('\n').filter((line) => /^(ok|FAILED|could not check) /.test(line));
    expect(items.map((line) => line.replace(/:.*/, ''))).toEqual([
      'ok               results.json schema',
      'ok               verdict',
      'ok               report.md made from results.json',
      'ok               junit.xml made from results.json',
      'ok               report.html made from results.json',
      'ok               coverage',
      'ok               implementation',
      'ok               suite digest',
    ]);
    expect(run.stdout).toContain(`suite digest: ${whole.results?.suite.digest} equals the released digest of banklink-conformance`);
    expect(run.stdout).toContain('verified: all 8 items checked and ok (exit 0)');
    expect(run.stdout).toMatch(/^ok +implementation: acme-bank-api@2\.3\.1, as the run was told/m);
  });

  test("results.json's verdict edited: FAILED with the reason (exit 1)", () => {
    const dir = copyOf(whole.reportDir, 'edited-verdict');
    const edited = { ...results(dir), verdict: 'non-conformant' };
    writeFileSync(join(dir, 'results.json'), `${JSON.stringify(edited, null, 2)}\n`);
    const run = verify(dir);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^FAILED +verdict: results.json states non-conformant, but its checks give conformant \(\d+ pass, 0 fail/m);
    // The reports were made from the true results: they no longer agree with the edited verdict either.
    expect(run.stdout).toMatch(/^FAILED +report\.md made from results\.json: report\.md does not state the verdict "NON-CONFORMANT"/m);
    expect(run.stdout).toContain('(exit 1)');
  });

  test('report.md missing: says it could not check it (exit 2), the rest still checked', () => {
    const dir = copyOf(whole.reportDir, 'no-report-md');
    rmSync(join(dir, 'report.md'));
    const run = verify(dir);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stdout).toContain(`could not check  report.md made from results.json: no report.md in ${dir}`);
    expect(run.stdout).toMatch(/^ok +junit\.xml made from results\.json/m);
    expect(run.stdout).toContain('not verified: 1 could not be checked (exit 2)');
  });

  test('a run that named no implementation: verify could not check what it certifies (exit 2)', () => {
    const dir = copyOf(whole.reportDir, 'unnamed');
    const { implementation: _named, ...target } = results(dir).target;
    writeFileSync(join(dir, 'results.json'), `${JSON.stringify({ ...results(dir), target }, null, 2)}\n`);
    const run = verify(dir);
    expect(run.stdout).toMatch(/^could not check +implementation: the run named no implementation/m);
    expect(run.stdout).toContain('--implementation NAME@VERSION');
  });

  test('a --check run: its coverage is reduced, so verify fails it though every file agrees', async () => {
    const reduced = await runCli(['--check', 'pagination.traversal.ends', '--seed', '11'], { entry: cliOf(copy) });
    expect(reduced.code, reduced.stderr).toBe(0);
    const run = verify(reduced.reportDir);
    expect(run.code, run.stdout).toBe(1);
    expect(run.stdout).toMatch(/^FAILED +coverage: reduced: \d+ of \d+ checks, by --check: not a whole run of the suite/m);
    expect(run.stdout).toMatch(/^ok +report\.html made from results\.json/m);
  }, 120_000);

  test('a shipped file changed after release: another digest, the run says MODIFIED, verify fails the suite digest', async () => {
    appendFileSync(join(copy, 'suites', 'http.ts'), '\n// a local change after the release\n');
    const changed = await runCli(['--check', 'pagination.traversal.ends', '--seed', '11'], { entry: cliOf(copy) });
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.results?.suite.digest).not.toBe(whole.results?.suite.digest);
    expect(changed.results?.suite.release).toEqual({
      status: 'modified',
      version: whole.results?.suite.version,
      digest: whole.results?.suite.digest,
    });
    expect(changed.stdout).toContain('MODIFIED since release');
    const run = verify(changed.reportDir);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAILED +suite digest: sha256:[0-9a-f]{64} is not the released digest of banklink-conformance/m);
  }, 120_000);

  test('from a clone (no release recorded): the suite digest could not be checked, and it says why (exit 2)', () => {
    const clone = packageCopy({ released: false });
    try {
      const run = verify(whole.reportDir, clone);
      expect(run.code, run.stdout).toBe(2);
      expect(run.stdout).toMatch(/^could not check +suite digest: this copy of banklink-conformance \([^)]*\) is an unreleased build/m);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });

  test('no report directory, or no results.json in it: could not check, never ok', () => {
    const empty = mkdtempSync(join(scratch, 'empty-'));
    const run = verify(empty);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(`could not check  results.json schema: no results.json in ${empty}`);
    expect(run.stdout).not.toMatch(/^ok /m);
    const missing = verify(join(scratch, 'nowhere'));
    expect(missing.code).toBe(2);
  });
});
