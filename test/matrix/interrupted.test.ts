/**
 * Every exit writes the truth (issue 30): a run stopped by Ctrl-C or a cancelled CI job, one killed
 * outright, and one that could not start each leave reports that say so, in place of the previous
 * run's CONFORMANT; JUnit records it as an error, never as zero tests.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startReference, type RunningReference } from '../../src/reference/server.js';
import { runCli, targetArgs, type CliRun } from '../support/run-cli.js';

/**
 * One earlier passing run, made once for the file (against the plain reference: its reports are the
 * same CONFORMANT whatever target the later run stops on); each test gets a copy of its reports to
 * overwrite, as a person's reports/ folder holds the last run's.
 */
let earlierPass: Promise<string> | undefined;
function earlierPassingReports(): Promise<string> {
  earlierPass ??= (async () => {
    const reference = await startReference({});
    try {
      const first = await runCli([...targetArgs(reference), '--seed', '1', '--skip-area', 'replay,robustness,pagination'], {
        timeoutMs: 120_000,
      });
      expect(first.results?.verdict, first.stdout + first.stderr).toBe('conformant');
      return first.reportDir;
    } finally {
      await reference.close();
    }
  })();
  return earlierPass;
}

/** A report directory holding a previous run's passing reports. */
async function dirWithEarlierPass(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'blc-earlier-'));
  cpSync(await earlierPassingReports(), dir, { recursive: true });
  return dir;
}

/** Starts a run into `dir` and stops it with `signal` once its first checks have ended (bounded). */
async function stopMidRun(reference: RunningReference, dir: string, signal: NodeJS.Signals): Promise<CliRun> {
  const abort = new AbortController();
  const started = Date.now();
  let stderr = '';
  const running = runCli([...targetArgs(reference), '--seed', '2', '--report-dir', dir], {
    abort: abort.signal,
    killSignal: signal,
    timeoutMs: 120_000,
    onStderr: (chunk) => (stderr += chunk),
  });
  let finished = false;
  void running.then(() => (finished = true));
  while (!finished && !/checks \d+\//.test(stderr) && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
  abort.abort();
  return running;
}

const junitOf = (dir: string): string => readFileSync(join(dir, 'junit.xml'), 'utf8');

describe.concurrent('a run that does not finish leaves no passing report', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    test(`stopped by ${signal} half-way: exit ${code}, every report says INTERRUPTED and why, JUnit holds an error`, async () => {
      // 100 ms a request keeps the run going long enough to be stopped half-way.
      const reference = await startReference({ latencyMs: 100 });
      try {
        const dir = await dirWithEarlierPass();
        const run = await stopMidRun(reference, dir, signal);
        expect(run.code, run.stderr).toBe(code);
        expect(run.stderr).toContain(`stopped by ${signal}`);
        expect(run.results?.verdict).toBe('interrupted');
        expect(run.results?.errors[0]).toMatch(new RegExp(`stopped by ${signal} after \\d+ of \\d+ checks had ended`));
        expect(readFileSync(join(dir, 'report.md'), 'utf8')).toContain('INTERRUPTED');
        expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('INTERRUPTED');
        expect(junitOf(dir)).toMatch(/<testsuites [^>]*tests="1" failures="0" errors="1"/);
        expect(junitOf(dir)).toContain(`stopped by ${signal}`);
      } finally {
        await reference.close();
      }
    });
  }

  test('killed outright (SIGKILL): the reports written at its start say it has not ended', async () => {
    const reference = await startReference({ latencyMs: 100 });
    try {
      const dir = await dirWithEarlierPass();
      const run = await stopMidRun(reference, dir, 'SIGKILL');
      expect(run.code).toBeNull();
      expect(run.results?.verdict).toBe('interrupted');
      expect(run.results?.errors[0]).toMatch(/has not ended/);
      expect(junitOf(dir)).toMatch(/errors="1"/);
    } finally {
      await reference.close();
    }
  });

  test('a target that cannot be reached: COULD NOT RUN, and JUnit records an error, not tests="0" failures="0"', async () => {
    const reference = await startReference({});
    const url = reference.url;
    const dir = await dirWithEarlierPass();
    await reference.close();
    const run = await runCli([...targetArgs({ ...reference, url }), '--report-dir', dir], { timeoutMs: 60_000 });
    expect(run.code).toBe(2);
    expect(run.results?.verdict).toBe('could-not-run');
    expect(junitOf(dir)).toMatch(/<testsuites [^>]*tests="1" failures="0" errors="1"/);
  });

  test('settings that cannot be read: the earlier reports where this run would have written say it could not start', async () => {
    const reference = await startReference({});
    try {
      const dir = await dirWithEarlierPass();
      const run = await runCli([...targetArgs(reference), '--report-dir', dir, '--limit-of-nothing', '3'], { timeoutMs: 60_000 });
      expect(run.code).toBe(2);
      expect(run.results?.verdict).toBe('could-not-run');
      expect(run.results?.errors[0]).toMatch(/^could not start: .*--limit-of-nothing/);
      expect(junitOf(dir)).toMatch(/errors="1"/);
    } finally {
      await reference.close();
    }
  });
});

describe('reports are written atomically', () => {
  test('no partial file is left beside the reports', async () => {
    const names = readdirSync(await earlierPassingReports());
    expect(names.filter((n) => n.endsWith('.partial'))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['results.json', 'junit.xml', 'report.md', 'report.html']));
  });
});
