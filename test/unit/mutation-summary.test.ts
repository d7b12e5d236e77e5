/**
 * scripts/mutation-summary.ts decides whether `npm run mutation` meets its goal: Stryker's own score
 * (killed and timed out over valid mutants) at least 85%; an explained survivor (scripts/mutation-explained.ts)
 * still counts against it, and only moves into a secondary figure. An explanation is held to the
 * differential probe of its mutant (probes.json beside the report): a 5xx, or a difference where its
 * reason claims none, refuses it. Tried on small reports and hand-made probes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { EXPLAINED, REASONS } from '../../scripts/mutation-explained.js';
import type { ProbeRecord } from '../../scripts/mutation-probe.js';
import { projectRoot } from '../support/run-cli.js';

const explained = EXPLAINED.find((e) => e.reason === 'empty-last-page' && e.to.startsWith('0:'));
if (explained === undefined) throw new Error('mutation-explained.ts lost its empty-last-page entries');
const [, toColumn] = explained.to.split(':').map(Number);
const source = ['// line 1', `  ${explained.code}`, 'const other = 1;'].join('\n');
const mutant = (id: string, status: string, line: number, column: number, endColumn: number, mutatorName: string, replacement: string) => ({
  id,
  status,
  mutatorName,
  replacement,
  location: { start: { line, column }, end: { line, column: endColumn } },
});
// The explained mutant as Stryker reports it: its line's text, place, mutator and replacement.
const asExplained = (status: string) =>
  mutant('1', status, 2, explained.from, toColumn as number, explained.mutator, explained.replacement);

function summary(mutants: unknown[], probes?: Record<string, ProbeRecord>): { status: number | null; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), 'blc-mutation-'));
  const file = join(dir, 'mutation.json');
  writeFileSync(file, JSON.stringify({ files: { [explained!.file]: { source, mutants } } }));
  if (probes !== undefined) writeFileSync(join(dir, 'probes.json'), JSON.stringify(probes));
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts', 'mutation-summary.ts'), file], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout };
}

test('every survivor counts against the score, explained or not; one not explained is named; under 85% is exit 1', () => {
  const run = summary([
    asExplained('Survived'),
    mutant('2', 'Killed', 3, 14, 15, 'NumericLiteral', '0'),
    mutant('3', 'Survived', 3, 6, 11, 'StringLiteral', '""'),
  ]);
  expect(run.stdout).toContain(
    'Explained survivors (scripts/mutation-explained.ts), cannot change what the spec states: 1 (empty-last-page 1)',
  );
  expect(run.stdout).toMatch(/Survivors not explained \(1\)[^\n]*\n {2}src\/lab\/paginate\.ts:3:6 StringLiteral/);
  expect(run.stdout).toContain('Secondary: killed of what is not explained: 1 of 2, 50.0%');
  expect(run.stdout).toContain(
    "Mutation score (Stryker's: killed and timed out over valid mutants, Ignored excluded): 1 of 3, 33.3% (goal 85%): BELOW THE GOAL",
  );
  expect(run.status).toBe(1);
});

test('an explained survivor alone keeps the score under the goal: explaining never raises it', () => {
  const killed = Array.from({ length: 4 }, (_, i) => mutant(String(i + 2), 'Killed', 3, 14, 15, 'NumericLiteral', '0'));
  const run = summary([asExplained('Survived'), ...killed]);
  expect(run.stdout).toContain('Secondary: killed of what is not explained: 4 of 4, 100.0%');
  expect(run.stdout).toContain('4 of 5, 80.0% (goal 85%): BELOW THE GOAL');
  expect(run.status).toBe(1);
});

test('everything killed or explained meets the goal; an explanation whose mutant is now killed is named for re-checking', () => {
  const run = summary([asExplained('Killed'), mutant('2', 'Killed', 3, 14, 15, 'NumericLiteral', '0')]);
  expect(run.stdout).toContain('2 of 2, 100.0% (goal 85%)');
  expect(run.stdout).toContain(`Explanations that match no survivor now`);
  expect(run.stdout).toContain(`${explained.file}: ${explained.code.slice(0, 80)} (${explained.mutator} -> `);
  expect(run.status).toBe(0);
});

/** A probe of the explained mutant (id 1) as the Stryker runner writes it. */
const probeOf = (finding: Partial<ProbeRecord>): Record<string, ProbeRecord> => ({
  '1': {
    id: '1',
    file: explained.file,
    line: 2,
    mutator: explained.mutator,
    replacement: explained.replacement,
    static: false,
    requests: 300,
    valid: 50,
    serverErrors: [],
    differences: [],
    ...finding,
  },
});
const killedOthers = Array.from({ length: 3 }, (_, i) => mutant(String(i + 2), 'Killed', 3, 14, 15, 'NumericLiteral', '0'));

test('an explanation whose mutant answered a request 5xx is refused: counted and printed as not explained, with the request', () => {
  const run = summary(
    [asExplained('Survived'), ...killedOthers],
    probeOf({ serverErrors: [{ request: 'POST /user_banks with JSON null, application/json', answer: '500 {"error":"internal"}' }] }),
  );
  expect(run.stdout).toContain('Explained survivors (scripts/mutation-explained.ts), cannot change what the spec states: 0');
  expect(run.stdout).toContain('Explanations refused by the differential probe');
  expect(run.stdout).toMatch(/refused by the differential probe[^\n]*: 1\n/);
  expect(run.stdout).toMatch(
    /Survivors not explained \(1\)[^\n]*\n {2}src\/lab\/paginate\.ts:2:\d+ [^\n]*\n {6}explanation 'empty-last-page' refused: 5xx, never explainable: POST \/user_banks with JSON null, application\/json -> 500 /,
  );
  expect(run.stdout).toContain('Secondary: killed of what is not explained: 3 of 4, 75.0%');
});

test('a valid answer that differs refuses a reason claiming no difference, not one claiming a difference the spec allows', () => {
  const differs = probeOf({
    differences: [
      {
        request: 'GET /user_banks?limit=2 as a, page 2',
        subject: '200 application/json: …"next_cursor":"x"}',
        baseline: '200 application/json: …"next_cursor":null}',
      },
    ],
  });
  // empty-last-page claims an allowed difference: it stands, and it was checked.
  expect(REASONS[explained.reason].claim).toBe('allowed difference');
  const allowed = summary([asExplained('Survived'), ...killedOthers], differs);
  expect(allowed.stdout).toContain('cannot change what the spec states: 1 (empty-last-page 1)');
  expect(allowed.stdout).toMatch(/refused by the differential probe[^\n]*: 0\n/);
  expect(allowed.stdout).not.toContain('Explanations not checked');

  // The same finding against an explanation that claims no difference at all.
  const none = EXPLAINED.find((e) => REASONS[e.reason].claim === 'no difference' && e.to.startsWith('0:'));
  if (none === undefined) throw new Error('mutation-explained.ts holds no single-line "no difference" entry');
  const file = join(mkdtempSync(join(tmpdir(), 'blc-mutation-')), 'mutation.json');
  const end = Number(none.to.split(':')[1]);
  writeFileSync(
    file,
    JSON.stringify({
      files: {
        [none.file]: {
          source: `// 1\n${none.code}\n`,
          mutants: [mutant('1', 'Survived', 2, none.from, end, none.mutator, none.replacement)],
        },
      },
    }),
  );
  writeFileSync(
    join(file, '..', 'probes.json'),
    JSON.stringify({ '1': { ...differs['1'], file: none.file, mutator: none.mutator, replacement: none.replacement } }),
  );
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts', 'mutation-summary.ts'), file], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stdout).toContain(
    `explanation '${none.reason}' refused: claims no difference, but GET /user_banks?limit=2 as a, page 2 differs (1 of 50 valid): mutant 200 application/json: …"next_cursor":"x"} | reference 200 application/json: …"next_cursor":null}`,
  );
  expect(run.stdout).toContain('Survivors not explained (1)');
});

test("an explanation with no probe of its mutant (a report older than the probe, or another run's mutant 1) stands, counted as not checked", () => {
  const older = summary([asExplained('Survived'), ...killedOthers]);
  expect(older.stdout).toContain('cannot change what the spec states: 1 (empty-last-page 1)');
  expect(older.stdout).toMatch(/Explanations not checked [^\n]*: 1: src\/lab\/paginate\.ts:2:/);
  const elsewhere = summary(
    [asExplained('Survived'), ...killedOthers],
    probeOf({ line: 40, serverErrors: [{ request: 'x', answer: '500' }] }),
  );
  expect(elsewhere.stdout).toMatch(/refused by the differential probe[^\n]*: 0\n/);
  expect(elsewhere.stdout).toMatch(/Explanations not checked [^\n]*: 1: /);
});
