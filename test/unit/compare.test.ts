/** The comparison of two runs on small handmade results: every pair of outcomes lands in one kind. */
import { describe, expect, test } from 'vitest';
import type { Outcome } from '../../src/contract/checks/types.js';
import { changeKind, compareExitCode, compareRuns } from '../../src/results/compare/diff.js';
import { comparisonNotes } from '../../src/results/compare/sections.js';
import type { Results } from '../../src/results/results.js';

const OUTCOMES: Outcome[] = ['pass', 'fail', 'warn', 'skip', 'inconclusive'];

/** Only the members a comparison reads; the rest of a results.json is not needed. */
function run(suiteVersion: string, checks: Record<string, Outcome>, requirements: Record<string, Outcome | 'untested'> = {}): Results {
  return {
    suiteVersion,
    checks: Object.entries(checks).map(([id, outcome]) => ({
      id,
      area: id.split('.')[0],
      outcome,
      title: id,
      message: `${id} is ${outcome}`,
      requirement: 'r',
    })),
    requirements: Object.entries(requirements).map(([id, outcome]) => ({ id, section: '4.2', level: 'MUST', outcome })),
  } as unknown as Results;
}

describe('changeKind', () => {
  test('each change of outcome has exactly one kind, and only a new fail is a regression', () => {
    const table: Record<string, string | undefined> = {};
    for (const from of OUTCOMES) for (const to of OUTCOMES) table[`${from}->${to}`] = changeKind(from, to);
    expect(table).toEqual({
      'pass->pass': undefined,
      'pass->fail': 'regression',
      'pass->warn': 'new-warn',
      'pass->skip': 'newly-undecided',
      'pass->inconclusive': 'newly-undecided',
      'fail->pass': 'fixed',
      'fail->fail': undefined,
      'fail->warn': 'fixed',
      'fail->skip': 'fixed',
      'fail->inconclusive': 'fixed',
      'warn->pass': 'fixed',
      'warn->fail': 'regression',
      'warn->warn': undefined,
      'warn->skip': 'newly-undecided',
      'warn->inconclusive': 'newly-undecided',
      'skip->pass': 'now-pass',
      'skip->fail': 'regression',
      'skip->warn': 'new-warn',
      'skip->skip': undefined,
      'skip->inconclusive': 'newly-undecided',
      'inconclusive->pass': 'now-pass',
      'inconclusive->fail': 'regression',
      'inconclusive->warn': 'new-warn',
      'inconclusive->skip': 'newly-undecided',
      'inconclusive->inconclusive': undefined,
    });
  });
});

describe('compareRuns', () => {
  test('a check that stays failing is no regression: the exit code asks what broke since OLD', () => {
    const c = compareRuns(run('1', { 'auth.a': 'fail', 'auth.b': 'pass' }), run('1', { 'auth.a': 'fail', 'auth.b': 'pass' }));
    expect(c.changes).toEqual([]);
    expect(c.unchanged).toBe(2);
    expect(compareExitCode(c)).toBe(0);
  });

  test('checks in only one run are listed apart; a new check that passes is no change, one that fails is a regression', () => {
    const c = compareRuns(
      run('1', { 'auth.a': 'pass', 'auth.gone': 'fail' }),
      run('2', { 'auth.a': 'pass', 'http.new-pass': 'pass', 'http.new-fail': 'fail' }),
    );
    expect(c.suiteVersionsDiffer).toBe(true);
    expect(c.onlyInOld).toEqual([{ id: 'auth.gone', area: 'auth', outcome: 'fail' }]);
    expect(c.onlyInNew.map((x) => x.id)).toEqual(['http.new-pass', 'http.new-fail']);
    expect(c.changes.map((x) => [x.id, x.kind, x.from])).toEqual([['http.new-fail', 'regression', 'absent']]);
    expect(compareExitCode(c)).toBe(1);
  });

  test('requirement outcomes that changed are listed; a fixed check carries the message of its old failure', () => {
    const c = compareRuns(
      run('1', { 'users.a': 'fail' }, { 'user.ssn': 'fail', 'user.phone': 'pass' }),
      run('1', { 'users.a': 'pass' }, { 'user.ssn': 'pass', 'user.phone': 'pass' }),
    );
    expect(c.requirementChanges).toEqual([{ id: 'user.ssn', section: '4.2', level: 'MUST', from: 'fail', to: 'pass' }]);
    expect(c.changes[0]).toMatchObject({ kind: 'fixed', message: 'users.a is fail' });
    expect(compareExitCode(c)).toBe(0);
  });
});

describe('odd inputs are compared, never without a word (issue 42)', () => {
  const at = (results: Results, fields: Partial<Results>): Results => ({ ...results, ...fields }) as Results;
  const base = run('0.1.0', { 'a.one': 'pass' });
  const notes = (oldRun: Results, newRun: Results): string => comparisonNotes(compareRuns(oldRun, newRun)).join('\n');

  test('two targets, an unfinished run, OLD newer than NEW: each is said', () => {
    const old = at(base, {
      target: { baseUrl: 'https://a.example', embedded: false },
      startedAt: '2026-02-01T00:00:00Z',
      verdict: 'conformant',
    });
    const newer = at(base, {
      target: { baseUrl: 'https://b.example', embedded: false },
      startedAt: '2026-01-01T00:00:00Z',
      verdict: 'interrupted',
    });
    const said = notes(old, newer);
    expect(said).toMatch(/different targets \(OLD https:\/\/a\.example, NEW https:\/\/b\.example\)/);
    expect(said).toMatch(/The NEW run did not finish \(interrupted\)/);
    expect(said).toMatch(/OLD \(2026-02-01T00:00:00Z\) is newer than NEW/);
  });

  test('two finished runs of one target in order: no note', () => {
    const target = { baseUrl: 'https://a.example', embedded: false };
    const old = at(base, { target, startedAt: '2026-01-01T00:00:00Z', verdict: 'conformant' });
    const newer = at(base, { target, startedAt: '2026-02-01T00:00:00Z', verdict: 'conformant' });
    expect(notes(old, newer)).toBe('');
  });
});
