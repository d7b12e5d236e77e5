/** The CLI contract of design.md, run for real: exit codes, reports, messages a person can act on. */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import { validate } from '../../src/contract/schema/validator.js';
import { startReference } from '../../src/lab/server.js';
import { SOURCE_DOTENV } from '../../src/results/report/wording.js';
import { allOutput, projectRoot, runCli, targetArgs } from '../support/run-cli.js';

describe.concurrent('the CLI', () => {
  test('with no target, started as `npm run conformance` starts it (tsx, not the bundle): the embedded reference, exit 0, conformant, results.json valid against its schema', async () => {
    const run = await runCli([], { viaTsx: true });
    expect(run.code, run.stderr + run.stdout).toBe(0);
    expect(run.results?.verdict).toBe('conformant');
    expect(run.results?.target.embedded).toBe(true);
    expect(validate('results', run.results)).toEqual([]);
    const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8'));
    const suites = [junit.testsuites.testsuite].flat();
    const cases = suites.flatMap((s: { testcase: unknown }) => [s.testcase].flat());
    expect(cases.length).toBe(run.results?.checks.length);
    expect(readFileSync(join(run.reportDir, 'report.md'), 'utf8')).toContain('CONFORMANT');
    expect(run.stdout).toContain('verdict: CONFORMANT');
  });

  test('--skip-area replay,robustness: those checks are skipped, saying so, and the embedded reference gets none of their requests', async () => {
    const run = await runCli(['--skip-area', 'replay,robustness']);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const turnedOff = run.results?.checks.filter((c) => c.id.startsWith('replay.') || c.id.startsWith('robustness.')) ?? [];
    expect(turnedOff.length).toBe(checks.filter((c) => c.area === 'replay' || c.area === 'robustness').length);
    for (const check of turnedOff) {
      expect(check.outcome).toBe('skip');
      expect(check.message).toContain('--skip-area');
      expect(check.exchangeCount).toBe(0);
    }
    expect(run.results?.checks.filter((c) => c.outcome === 'skip').length).toBe(turnedOff.length);
    // Nor do the absence proofs send the unusual creates for them (they once did, and the footprint
    // then called the legal ones "requests with bad credentials the target accepted").
    expect(run.results?.created.filter((r) => r.purpose === 'unusual but legal create requests')).toEqual([]);
    expect(run.stdout).not.toMatch(/unusual but legal|bad credentials the target accepted/);
  });

  test('--check ID: only that check and the run-wide ones run; the reports say so and the replay line keeps it', async () => {
    const run = await runCli(['--check', 'users.get.schema', '--seed', '4']);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const ran = run.results?.checks.map((c) => c.id) ?? [];
    const runWide = checks.filter((c) => c.area === 'http').map((c) => c.id);
    expect(new Set(ran)).toEqual(new Set(['users.get.schema', ...runWide]));
    expect(run.results?.checks.find((c) => c.id === 'users.get.schema')?.outcome).toBe('pass');
    expect(run.results?.only).toEqual(['users.get.schema']);
    expect(run.stderr).toContain('users.get.schema (--check) and the run-wide checks');
    expect(readFileSync(join(run.reportDir, 'report.md'), 'utf8')).toContain('- Checks asked for: `users.get.schema` (--check)');
    // Far fewer requests than a whole run: the point of looking at one check again.
    expect(run.results?.traffic?.requests ?? 0).toBeLessThan(200);
  });

  test('against a server started separately: exit by the verdict, four reports, no token anywhere', async () => {
    const reference = await startReference({ faults: ['bank-boolean-as-string'] });
    try {
      const run = await runCli(targetArgs(reference));
      expect(run.code).toBe(1);
      const failing = run.results?.checks.find((c) => c.outcome === 'fail');
      expect(failing?.id).toBe('user-banks.list.schema');
      expect(run.stdout).toContain('FAIL user-banks.list.schema');
      // The headline cites the member the answer broke (2.1), not the check's first statement.
      expect(run.stdout).toContain('[user_bank.is_rtp_enabled, section 2.1]');
      expect(run.stdout).toContain('$CONFORMANCE_TOKEN');
      // The printed line replays after the README's .env route, sourced as the run says.
      expect(run.stdout).toContain(SOURCE_DOTENV);
      const curl = /reproduce: (curl .*)$/m.exec(run.stdout)?.[1] ?? '';
      const dir = mkdtempSync(join(tmpdir(), 'blc-dotenv-'));
      writeFileSync(join(dir, '.env'), `CONFORMANCE_TOKEN=${reference.callers.a.token}\n`);
      // Asynchronously: the reference answers from this very process.
      const replayed = await promisify(execFile)('sh', ['-c', `${SOURCE_DOTENV}; ${curl} --max-time 10`], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
      });
      expect(replayed.stdout, replayed.stderr).toMatch(/^HTTP\/1\.1 200/);
      expect(replayed.stdout).toContain('"is_rtp_enabled":"');
      const everything = allOutput(run);
      expect(everything).not.toContain(reference.callers.a.token);
      expect(everything).not.toContain(reference.callers.b.token);
    } finally {
      await reference.close();
    }
  });

  test('--fail-fast: exit 1 at the first failing check, the checks after it never start', async () => {
    const reference = await startReference({ faults: ['auth-any-token-accepted'] });
    try {
      const run = await runCli([...targetArgs(reference), '--fail-fast']);
      const outcomes = run.results?.checks.map((c) => `${c.id} ${c.outcome} ${c.message.slice(0, 60)}`).join('\n');
      expect(run.code, `${run.stderr}\n${outcomes}`).toBe(1);
      expect(run.results?.verdict).toBe('non-conformant');
      expect(run.results?.checks.some((c) => c.outcome === 'fail')).toBe(true);
      expect(run.results?.checks.length ?? 0).toBeLessThan(checks.length);
      expect(run.stderr).toContain('--fail-fast: stopped after the first failing check');
    } finally {
      await reference.close();
    }
  });

  test('--help prints the options and exits 0 without a request', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const flag of [
      '--base-url',
      '--token',
      '--user-id',
      '--token-b',
      '--user-id-b',
      '--report-dir',
      '--read-only',
      '--max-writes',
      '--seed',
      '--runs',
      '--strict',
    ]) {
      expect(run.stdout).toContain(flag);
    }
  });

  const envToken = { CONFORMANCE_TOKEN: 'env-secret-token-123' };
  test.each([
    [['--bogus'], {}, /unknown option --bogus; run with --help/],
    [['--base-url', 'nope', '--user-id', 'u'], envToken, /is not a URL/],
    [['--runs', 'many'], {}, /--runs .* takes a whole number/],
    [['--base-url', 'http://127.0.0.1:9'], {}, /no token: set CONFORMANCE_TOKEN in the environment or .env/],
    [['--base-url', 'http://127.0.0.1:1', '--user-id', 'u', '--timeout-ms', '2000'], envToken, /could not reach the target/],
  ])('%j: one sentence, exit 2, no stack trace', async (args, env, message) => {
    const run = await runCli(args as string[], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr.trim().split('\n').length).toBe(1);
  });

  test('a token given in the environment is never printed, even on a bad run', async () => {
    const run = await runCli(['--base-url', 'http://127.0.0.1:1', '--user-id', 'u', '--timeout-ms', '2000'], {
      env: { CONFORMANCE_TOKEN: 'env-secret-token-123' },
    });
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).not.toContain('env-secret-token-123');
  });

  test('the bin starts the reference with `serve`, with the flags of npm run serve', async () => {
    const child = spawn(
      process.execPath,
      [join(projectRoot, 'bin', 'banklink-conformance.mjs'), 'serve', '--port', '0', '--json', '--seed', '5'],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const line = await new Promise<string>((resolveLine, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no JSON line from serve: ${out}`)), 60_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) {
            clearTimeout(timer);
            resolveLine(out.split('\n')[0] as string);
          }
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      const fixtures = JSON.parse(line) as { url: string; callerA: { token: string; users: { id: string }[] } };
      const answer = await fetch(`${fixtures.url}/users/${fixtures.callerA.users[0]?.id}`, {
        headers: { authorization: `Bearer ${fixtures.callerA.token}` },
      });
      expect(answer.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  test('--help names every subcommand as this clone runs it (npm run), and says tokens go through the environment', async () => {
    const run = await runCli(['--help']);
    expect(run.stdout).toContain('Usage: npm run conformance -- [options]');
    expect(run.stdout).toContain('npm run compare -- OLD NEW');
    expect(run.stdout).toContain('npm run merge-reports -- DIR... --out DIR');
    expect(run.stdout).toContain('npm run serve -- [options]');
    expect(run.stdout).toContain('Pass tokens through the environment (CONFORMANCE_TOKEN)');
  });
});
