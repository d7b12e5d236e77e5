/**
 * `banklink-conformance compare OLD NEW` and `--baseline`, on the results of real runs: the suite
 * against the reference (green) and against the reference with one fault (red).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Comparison } from '../../src/results/compare/diff.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import type { Results } from '../../src/results/results.js';
import { runCli, targetArgs, type CliRun } from '../support/run-cli.js';
import { runCompare } from '../support/run-compare.js';

// limit-ignored: GET /user_banks always answers pages of 100, whatever limit asks.
const FAULT = 'limit-ignored';
const AIMED = 'pagination.limit.honoured';

let green: CliRun;
let red: CliRun;
const references: RunningReference[] = [];

beforeAll(async () => {
  const [clean, faulty] = await Promise.all([startReference({}), startReference({ faults: [FAULT] })]);
  references.push(clean, faulty);
  [green, red] = await Promise.all([runCli([...targetArgs(clean), '--seed', '42']), runCli([...targetArgs(faulty), '--seed', '42'])]);
  expect(green.code, green.stdout + green.stderr).toBe(0);
  expect(red.code, red.stdout + red.stderr).toBe(1);
}, 300_000);

afterAll(async () => {
  await Promise.all(references.map((r) => r.close()));
});

const tmp = (): string => mkdtempSync(join(tmpdir(), 'blc-compare-'));

describe('compare OLD NEW', () => {
  test('a regression exits 1 and names the check, by area, in the console, compare.md and compare.json', () => {
    const out = tmp();
    const run = runCompare([green.reportDir, join(red.reportDir, 'results.json'), '--out', out]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `Regressions: checks that newly fail \\(\\d+\\):\\n(  .*\\n)*  pagination\\n(    .*\\n)*    ${AIMED.replace(/\./g, '\\.')}: pass -> fail`,
      ),
    );
    expect(run.stdout).toMatch(/Requirements whose outcome changed[\s\S]*list_user_banks\.limit\.range \(MUST\): pass -> fail/);
    const json = JSON.parse(readFileSync(join(out, 'compare.json'), 'utf8')) as Comparison;
    expect(json.regressions).toBeGreaterThan(0);
    expect(json.changes.find((c) => c.id === AIMED)).toMatchObject({ kind: 'regression', from: 'pass', to: 'fail', area: 'pagination' });
    const md = readFileSync(join(out, 'compare.md'), 'utf8');
    expect(md).toContain('regression(s)**');
    expect(md).toContain(`\`${AIMED}\`: pass -> fail`);
  });

  test('the same run twice exits 0 and says nothing changed', () => {
    const run = runCompare([green.reportDir, green.reportDir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('No check changed its outcome.');
    expect(run.stdout).toMatch(/0 regression\(s\), 0 fixed/);
  });

  test('a fix exits 0 and is named', () => {
    const run = runCompare([red.reportDir, green.reportDir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`Fixed: checks that no longer fail or warn \\(\\d+\\):[\\s\\S]*${AIMED.replace(/\./g, '\\.')}: fail -> pass`),
    );
    expect(run.stdout).not.toContain('Regressions');
  });

  test('a missing input exits 2 with one sentence naming it', () => {
    const missing = join(tmp(), 'nope', 'results.json');
    const run = runCompare([green.reportDir, missing]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(`compare: NEW ${missing} does not exist; give a results.json file or the --report-dir of a run`);
  });

  test('an input that is not a results.json exits 2 and says which', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'results.json'), '{"verdict": "conformant"}');
    const notJson = join(tmp(), 'results.json');
    writeFileSync(notJson, '<html>');
    const shape = runCompare([dir, green.reportDir]);
    expect(shape.code).toBe(2);
    expect(shape.stderr.trim()).toBe(
      `compare: OLD ${join(dir, 'results.json')} is not a banklink-conformance results.json (no suiteVersion)`,
    );
    const parse = runCompare([green.reportDir, notJson]);
    expect(parse.code).toBe(2);
    expect(parse.stderr).toMatch(new RegExp(`^compare: NEW ${notJson} is not readable JSON`));
  });

  test('runs of different suite versions: the mismatch is said and the checks in only one run are listed', () => {
    const older = structuredClone(green.results as Results);
    older.suiteVersion = '0.0.9';
    const dropped = older.checks.find((c) => c.id === AIMED);
    older.checks = older.checks.filter((c) => c.id !== AIMED);
    older.checks.push({ ...(dropped as Results['checks'][number]), id: 'pagination.retired-check', outcome: 'fail' });
    const file = join(tmp(), 'results.json');
    writeFileSync(file, JSON.stringify(older));
    const run = runCompare([file, red.reportDir]);
    expect(run.stdout).toContain('note: The suite versions differ (OLD 0.0.9, NEW 0.1.0)');
    expect(run.stdout).toMatch(/Checks only in OLD \(1\):\n  pagination\n    pagination\.retired-check \(fail\)/);
    expect(run.stdout).toMatch(/Checks only in NEW \(1\):\n  pagination\n    pagination\.limit\.honoured \(fail\)/);
    // A check new to the suite that fails did not fail before: a regression.
    expect(run.stdout).toContain(`${AIMED}: not in OLD -> fail`);
    expect(run.code).toBe(1);
  });
});

describe('a run with --baseline', () => {
  test('adds "Since the baseline" to the console, report.md and report.html, and keeps its own exit code', async () => {
    const reference = await startReference({});
    try {
      const run = await runCli([...targetArgs(reference), '--seed', '42', '--baseline', red.reportDir]);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const fixed = new RegExp(`Fixed: checks that no longer fail or warn[\\s\\S]*${AIMED.replace(/\./g, '\\.')}: fail -> pass`);
      expect(run.stdout).toContain('Since the baseline:');
      expect(run.stdout).toMatch(fixed);
      const md = readFileSync(join(run.reportDir, 'report.md'), 'utf8');
      expect(md).toContain('## Since the baseline');
      expect(md).toContain(`\`${AIMED}\`: fail -> pass`);
      const html = readFileSync(join(run.reportDir, 'report.html'), 'utf8');
      expect(html).toContain('<h2>Since the baseline</h2>');
      expect(html).toContain(`<code>${AIMED}: fail -&gt; pass`);
    } finally {
      await reference.close();
    }
  }, 200_000);

  test('a --baseline that does not exist stops the run before it starts (exit 2, one sentence)', async () => {
    const missing = join(tmp(), 'results.json');
    const run = await runCli(['--baseline', missing]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      `banklink-conformance: --baseline ${missing} does not exist; give a results.json file or the --report-dir of a run`,
    );
    // No check ran; the reports say why, so no earlier verdict is read from them (issue 30).
    expect(run.results?.verdict).toBe('could-not-run');
    expect(run.results?.checks).toEqual([]);
    expect(run.results?.errors[0]).toContain(`--baseline ${missing} does not exist`);
  });
});
