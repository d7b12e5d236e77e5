/**
 * The published package, for real: `npm pack`, installed into an empty directory from the tarball
 * (dependencies from the npm cache, the registry only when the cache lacks one), must answer
 * `npx banklink-conformance --help` and run green against its embedded reference.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import type { Results } from '../../src/results/results.js';
import { projectRoot } from '../support/run-cli.js';

const work = mkdtempSync(join(tmpdir(), 'blc-pack-'));
const app = join(work, 'app');

function sh(command: string, args: string[], cwd: string, timeoutMs: number): SpawnSyncReturns<string> {
  // CI=true and no CONFORMANCE_* from the developer's shell.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_')));
  return spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...env, CI: 'true', npm_config_update_notifier: 'false' },
  });
}

describe('npm pack, installed in an empty directory', () => {
  beforeAll(() => {
    const pack = sh('npm', ['pack', '--pack-destination', work, '--silent'], projectRoot, 120_000);
    expect(pack.status, pack.stderr).toBe(0);
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{ "name": "pack-probe", "version": "1.0.0", "private": true }\n');
    const install = sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', join(work, tarball as string)], app, 240_000);
    expect(install.status, install.stderr).toBe(0);
  }, 360_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test('ships what the CLI reads: suites, schemas (with openapi.json), the spec, the bin', () => {
    const installed = join(app, 'node_modules', 'banklink-conformance');
    for (const path of [
      'bin/banklink-conformance.mjs',
      'src/bin/cli.ts',
      'suites/http.ts',
      'schemas/openapi.json',
      'spec/bank-linking-api.md',
    ]) {
      expect(existsSync(join(installed, path)), path).toBe(true);
    }
    expect(existsSync(join(installed, 'test'))).toBe(false);
  });

  test('npx banklink-conformance --help answers, exit 0, naming the commands as installed (no npm run, which does not exist there)', () => {
    const run = sh('npx', ['--no-install', 'banklink-conformance', '--help'], app, 60_000);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('--base-url');
    expect(run.stdout).toContain('Usage: banklink-conformance [options]');
    expect(run.stdout).toContain('banklink-conformance compare OLD NEW');
    expect(run.stdout).not.toContain('npm run');
  });

  test('npx banklink-conformance serve --help answers: a partner who installed the tarball can start the reference', () => {
    const run = sh('npx', ['--no-install', 'banklink-conformance', 'serve', '--help'], app, 60_000);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('--variation NAME');
  });

  test('npx banklink-conformance runs every check against its embedded reference, exit 0', () => {
    const reportDir = join(work, 'reports');
    // Named, as a certificate must be: verify cannot vouch for a report of an unnamed server.
    const run = sh(
      'npx',
      ['--no-install', 'banklink-conformance', '--implementation', 'reference@0.1.0', '--report-dir', reportDir],
      app,
      280_000,
    );
    expect(run.status, run.stderr + run.stdout).toBe(0);
    const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as Results;
    expect(results.verdict).toBe('conformant');
    expect(results.target.embedded).toBe(true);
    // The suites under node_modules were collected and run, not silently skipped.
    expect(results.checks.map((c) => c.id).sort()).toEqual(checks.map((c) => c.id).sort());
    // prepack recorded the digest of what it packed (suite-digest.json): the installed copy is that release.
    expect(results.suite.release).toEqual({ status: 'released', version: results.suite.version, digest: results.suite.digest });
    // And its reports hold up as a certificate, as a partner's installed copy would check them.
    const verified = sh('npx', ['--no-install', 'banklink-conformance', 'verify', reportDir], app, 60_000);
    expect(verified.status, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toContain('verified: all 8 items checked and ok (exit 0)');
  }, 300_000);
});
