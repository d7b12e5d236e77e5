/**
 * scripts/mutation-summary.ts decides whether `npm run mutation` meets its goal: Stryker's own score
 * over the request path (killed and timed out over valid mutants) at least 90%, printed first. Every
 * survivor is listed with what the differential probe saw, and as a named blind spot when the table
 * of docs/mutation.md names it (with the catalog fault that shows it). Tried on small reports.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { blindSpots } from '../../src/lab/faults/index.js';
import type { ProbeRecord } from '../../scripts/mutation-probe.js';
import { blindSpotsOf, GOAL } from '../../scripts/mutation-summary.js';
import { projectRoot } from '../support/run-cli.js';

const FILE = 'src/lab/paginate.ts';
const source = ['// line 1', '  const more = end < ordered.length;', 'const other = 1;'].join('\n');
const mutant = (id: string, status: string, line: number, column: number, endColumn: number, mutatorName: string, replacement: string) => ({
  id,
  status,
  mutatorName,
  replacement,
  location: { start: { line, column }, end: { line, column: endColumn } },
});
const survivor = mutant('1', 'Survived', 2, 15, 35, 'ConditionalExpression', 'true');
const killed = (n: number) => Array.from({ length: n }, (_, i) => mutant(String(i + 2), 'Killed', 3, 14, 15, 'NumericLiteral', '0'));

function summary(mutants: unknown[], options: { probes?: Record<string, ProbeRecord>; docs?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'blc-mutation-'));
  const file = join(dir, 'mutation.json');
  writeFileSync(file, JSON.stringify({ files: { [FILE]: { source, mutants } } }));
  if (options.probes !== undefined) writeFileSync(join(dir, 'probes.json'), JSON.stringify(options.probes));
  const docs = join(dir, 'mutation.md');
  writeFileSync(docs, options.docs ?? '# Mutation\n');
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts', 'mutation-summary.ts'), file, docs], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout };
}

test('the score over the request path leads; under 90% is exit 1, and each survivor is listed as not named', () => {
  const run = summary([survivor, ...killed(2)]);
  expect(run.stdout.split('\n')[0]).toBe(
    "Mutation score over the request path (Stryker's: killed and timed out over valid mutants, Ignored excluded): 2 of 3, 66.7% (goal 90%): BELOW THE GOAL",
  );
  expect(run.stdout).toMatch(
    /Survivors \(1: 0 named blind spots, 1 not named\)\n {2}src\/lab\/paginate\.ts:2:15 ConditionalExpression \(Survived\): const more = end < ordered\.length;\s+->\s+true\n {6}not named/,
  );
  expect(run.stdout).toContain('probe: none');
  expect(run.status).toBe(1);
});

test('at 90% the goal is met (exit 0), and an uncovered mutant counts as a survivor', () => {
  expect(GOAL).toBe(90);
  const config = JSON.parse(readFileSync(join(projectRoot, 'stryker.config.json'), 'utf8')) as { thresholds: { break: number } };
  expect(config.thresholds.break).toBe(GOAL);
  const met = summary([survivor, ...killed(9)]);
  expect(met.stdout).toContain('9 of 10, 90.0% (goal 90%)\n');
  expect(met.status).toBe(0);
  const uncovered = summary([{ ...survivor, status: 'NoCoverage' }, ...killed(8)]);
  expect(uncovered.stdout).toContain('8 of 9, 88.9% (goal 90%): BELOW THE GOAL');
  expect(uncovered.status).toBe(1);
});

test("a survivor named in docs' blind-spot table is listed with its fault; what the probe saw is printed under it", () => {
  const docs = [
    '# Mutation',
    '## Blind spots',
    '| file | line holds | mutator | replacement | fault | why |',
    '|---|---|---|---|---|---|',
    '| `src/lab/paginate.ts` | `end < ordered.length` | ConditionalExpression | `true` | `some-fault` | no client can tell |',
    '## After',
  ].join('\n');
  const probe: ProbeRecord = {
    id: '1',
    file: FILE,
    line: 2,
    mutator: 'ConditionalExpression',
    replacement: 'true',
    static: false,
    requests: 300,
    valid: 50,
    serverErrors: [{ request: 'POST /user_banks with JSON null, application/json', answer: '500 {"error":"internal"}' }],
    differences: [],
  };
  const run = summary([survivor, ...killed(9)], { docs, probes: { '1': probe } });
  expect(run.stdout).toContain('Survivors (1: 1 named blind spots, 0 not named)');
  expect(run.stdout).toContain('blind spot (docs/mutation.md), shown by some-fault');
  expect(run.stdout).toContain('probe: 5xx (a defect no check saw): POST /user_banks with JSON null, application/json -> 500');
  const differs = summary([survivor, ...killed(9)], {
    probes: {
      '1': { ...probe, serverErrors: [], differences: [{ request: 'GET /user_banks?limit=2', subject: 'A', baseline: 'B' }] },
    },
  });
  expect(differs.stdout).toContain('probe: 1 of 50 valid answers differ, e.g. GET /user_banks?limit=2: mutant A | reference B');
});

test('docs/mutation.md names blind spots, each with a fault that shows it and a reason', () => {
  const spots = blindSpotsOf(readFileSync(join(projectRoot, 'docs', 'mutation.md'), 'utf8'));
  expect(spots.length).toBeGreaterThan(0);
  for (const spot of spots) {
    // A blind spot of the fault catalog (src/lab/faults/blind-spots.ts), which the fault matrix proves conformant.
    const shown = blindSpots.some((f) => f.name === spot.fault);
    expect(shown, `${spot.file}: ${spot.line} is shown by ${spot.fault}, which is no blind spot of src/lab/faults/`).toBe(true);
    expect(spot.why.length, `${spot.file}: ${spot.line}`).toBeGreaterThan(20);
  }
});
