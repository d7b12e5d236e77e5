/**
 * --shard i/n splits the suite files across CI machines, and merge-reports joins the shards' results
 * into the results of one whole run: the same checks with the same outcomes, the same verdict.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { mergeResults } from '../../src/results/merge/merge-results.js';
import type { Results } from '../../src/results/results.js';
import { projectRoot, runCli } from '../support/run-cli.js';

const outcomes = (results: Results | undefined): Record<string, string> =>
  Object.fromEntries((results?.checks ?? []).map((c) => [c.id, c.outcome]));

describe('sharded runs', () => {
  test('two shards merged by `banklink-conformance merge-reports` equal the checks of a whole run', async () => {
    const seed = ['--seed', '4242'];
    const long = { timeoutMs: 280_000 };
    const [whole, one, two] = await Promise.all([
      runCli(seed, long),
      runCli([...seed, '--shard', '1/2'], long),
      runCli([...seed, '--shard', '2/2'], long),
    ]);
    for (const run of [whole, one, two]) expect(run.code, run.stderr + run.stdout).toBe(0);

    // Each file but the run-wide one runs in exactly one shard.
    const ids1 = Object.keys(outcomes(one.results));
    const ids2 = Object.keys(outcomes(two.results));
    const inBoth = ids1.filter((id) => ids2.includes(id));
    expect(inBoth.length).toBeGreaterThan(0);
    expect(inBoth.every((id) => id.startsWith('http.'))).toBe(true);
    expect(ids1.length).toBeLessThan(Object.keys(outcomes(whole.results)).length);
    // Dealt by weight, not by turn: neither shard holds more than 3/5 of the checks (was 51 and 17).
    const total = Object.keys(outcomes(whole.results)).length;
    for (const run of [one, two]) expect(run.results?.checks.length ?? 0).toBeLessThanOrEqual(Math.ceil(total * 0.6));
    // A shard does not list the requirements the other shard covers as untested; the merge judges them.
    for (const run of [one, two]) expect(run.stdout).not.toContain('untested MUST requirement(s)');

    const out = mkdtempSync(join(tmpdir(), 'blc-merged-'));
    const merge = spawnSync(
      process.execPath,
      [join(projectRoot, 'bin', 'banklink-conformance.mjs'), 'merge-reports', one.reportDir, two.reportDir, '--out', out],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true' },
      },
    );
    expect(merge.status, merge.stderr).toBe(0);
    const merged = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as Results;
    expect(outcomes(merged)).toEqual(outcomes(whole.results));
    expect(merged.checks.map((c) => c.id)).toEqual(whole.results?.checks.map((c) => c.id));
    expect(merged.summary).toEqual(whole.results?.summary);
    expect(merged.verdict).toBe(whole.results?.verdict);
    expect(merged.requirements.map((r) => [r.id, r.outcome])).toEqual(whole.results?.requirements.map((r) => [r.id, r.outcome]));
    expect(merged.created.length).toBe((one.results?.created.length ?? 0) + (two.results?.created.length ?? 0));
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('CONFORMANT');

    // Run as the job after the shards under GitHub Actions: the merged verdict goes to the step summary.
    const summaryFile = join(mkdtempSync(join(tmpdir(), 'blc-merged-gha-')), 'step-summary.md');
    const underActions = spawnSync(
      process.execPath,
      [join(projectRoot, 'bin', 'banklink-conformance.mjs'), 'merge-reports', one.reportDir, two.reportDir, '--out', `${out}-gha`],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          CI: 'true',
          GITHUB_ACTIONS: 'true',
          GITHUB_STEP_SUMMARY: summaryFile,
        },
      },
    );
    expect(underActions.status, underActions.stderr).toBe(0);
    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary).toContain('## banklink-conformance: CONFORMANT');
    expect(summary).toContain(`| ${merged.summary.pass} | 0 |`);

    // A lost shard is not a whole run: the merged verdict says it could not run.
    const partial = mergeResults([one.results as Results]);
    expect(partial.verdict).toBe('could-not-run');
    expect(partial.errors.join(' ')).toMatch(/ran in no shard/);

    // A check in several shards keeps its worst outcome, and the verdict follows it.
    const broken = structuredClone(two.results as Results);
    const shared = broken.checks.find((c) => inBoth.includes(c.id));
    if (!shared) throw new Error('no shared check');
    shared.outcome = 'fail';
    const worse = mergeResults([one.results as Results, broken]);
    expect(worse.checks.find((c) => c.id === shared.id)?.outcome).toBe('fail');
    expect(worse.verdict).toBe('non-conformant');
    expect(worse.summary.fail).toBe(1);
    expect(worse.requirements.find((r) => r.id === shared.requirement)?.outcome).toBe('fail');
  }, 300_000);

  test('merge-reports with a missing directory: one sentence, exit 2', () => {
    const run = spawnSync(
      process.execPath,
      [join(projectRoot, 'bin', 'banklink-conformance.mjs'), 'merge-reports', join(tmpdir(), 'no-such-shard-dir')],
      {
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/no results\.json at .*give the --report-dir of each shard/);
  });
});
