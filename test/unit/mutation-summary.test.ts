/**
 * scripts/mutation-summary.ts decides whether `npm run mutation` meets its goal: Stryker's own score
 * (killed and timed out over valid mutants) at least 85%; an explained survivor (scripts/mutation-explained.ts)
 * still counts against it, and only moves into a secondary figure. Tried on small reports.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { EXPLAINED } from '../../scripts/mutation-explained.js';
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

function summary(mutants: unknown[]): { status: number | null; stdout: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'blc-mutation-')), 'mutation.json');
  writeFileSync(file, JSON.stringify({ files: { [explained!.file]: { source, mutants } } }));
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
