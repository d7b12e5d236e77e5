/**
 * Every exit writes the truth (issue 30): a run stopped by Ctrl-C or a cancelled CI job, one killed
 * outright, and one that could not start each leave reports that say so, in place of the previous
 * run's CONFORMANT; JUnit records it as an error, never as zero tests.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { validate } from '../../src/contract/schema/validator.js';
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
async function stopMidRun(reference: RunningReference, dir: string, signal: NodeJS.Signals, untilCreated = false): Promise<CliRun> {
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
  // Stopped once checks have ended and, after the run's journal began, it lists a creation (the SIGKILL test needs none).
  const ready = (): boolean => /checks \d+\//.test(stderr) && (!untilCreated || journalLength(dir) > 0);
  while (!finished && !ready() && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
  abort.abort();
  return running;
}

/** How many resources DIR/created.json lists (0 while it is missing or being replaced). */
function journalLength(dir: string): number {
  try {
    return (JSON.parse(readFileSync(join(dir, 'created.json'), 'utf8')) as { created: unknown[] }).created.length;
  } catch {
    return 0;
  }
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
        const run = await stopMidRun(reference, dir, signal, true);
        expect(run.code, run.stderr).toBe(code);
        expect(run.stderr).toContain(`stopped by ${signal}`);
        const results = run.results;
        expect(results?.verdict).toBe('interrupted');
        expect(validate('results', results)).toEqual([]);
        // Counted over the whole plan, and the checks that ended are in the reports with their outcomes.
        const [, ended, planned] =
          new RegExp(`stopped by ${signal} after (\\d+) of (\\d+) checks had ended`).exec(results?.errors[0] ?? '') ?? [];
        expect(Number(planned)).toBe(checks.length);
        expect(results?.checks.length).toBe(Number(ended));
        const md = readFileSync(join(dir, 'report.md'), 'utf8');
        const html = readFileSync(join(dir, 'report.html'), 'utf8');
        expect(md).toContain('INTERRUPTED');
        expect(html).toContain('INTERRUPTED');
        // A requirement whose checks did not run is "not run", never "no check".
        expect(results?.requirements.filter((r) => r.outcome === 'untested' && r.checks.length > 0)).toEqual([]);
        expect(results?.requirements.some((r) => r.outcome === 'not-run')).toBe(true);
        expect(html).not.toMatch(/MUST requirement\(s\) have no check/);
        // Every resource created.json lists is in the reports: they exist on the target.
        const journalled = (JSON.parse(readFileSync(join(dir, 'created.json'), 'utf8')) as { created: { id: string }[] }).created;
        expect(journalled.length).toBeGreaterThan(0);
        // The reports hold what the journal held when they were written; a request in flight at the
        // signal may add to created.json afterwards, which stays the complete list.
        expect(results?.created.length).toBeGreaterThan(0);
        expect(journalled.map((c) => c.id)).toEqual(expect.arrayContaining(results?.created.map((c) => c.id) ?? []));
        expect(html).not.toContain('this run created no resource');
        // The replay line names the Users, as a finished run's does.
        expect(md).toMatch(/Replay: .*--user-id \S+ --user-id-b \S+ --seed 2/);
        // JUnit: the run's error plus one testcase per check that ended.
        expect(junitOf(dir)).toMatch(new RegExp(`<testsuites [^>]*tests="${Number(ended) + 1}" failures="0" errors="1"`));
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
      expect(validate('results', run.results)).toEqual([]);
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
    expect(validate('results', run.results)).toEqual([]);
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
      expect(validate('results', run.results)).toEqual([]);
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
