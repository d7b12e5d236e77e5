/**
 * scripts/mutation-summary.ts decides whether `npm run mutation` meets its goal: at least 90% of the
 * survivors that are not explained (scripts/mutation-explained.ts) killed. Tried on small reports.
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

test('an explained survivor does not count against the score; one that is not does, by name, and under 90% is exit 1', () => {
  const run = summary([
    asExplained('Survived'),
    mutant('2', 'Killed', 3, 14, 15, 'NumericLiteral', '0'),
    mutant('3', 'Survived', 3, 6, 11, 'StringLiteral', '""'),
  ]);
  expect(run.stdout).toContain(
    'Explained survivors (scripts/mutation-explained.ts), cannot change what the spec states: 1 (empty-last-page 1)',
  );
  expect(run.stdout).toMatch(/Survivors not explained \(1\)[^\n]*\n {2}src\/reference\/paginate\.ts:3:6 StringLiteral/);
  expect(run.stdout).toContain('Killed of what is not explained: 1 of 2, 50.0% (goal 90%): BELOW THE GOAL');
  expect(run.status).toBe(1);
});

test('everything killed or explained meets the goal; an explanation whose mutant is now killed is named for re-checking', () => {
  const run = summary([asExplained('Killed'), mutant('2', 'Killed', 3, 14, 15, 'NumericLiteral', '0')]);
  expect(run.stdout).toContain('Killed of what is not explained: 2 of 2, 100.0% (goal 90%)');
  expect(run.stdout).toContain(`Explanations that match no survivor now`);
  expect(run.stdout).toContain(`${explained.file}: ${explained.code.slice(0, 80)} (${explained.mutator} -> `);
  expect(run.status).toBe(0);
});
