/**
 * The statement index (src/statements/): every statement of the spec is judged by a check or explained,
 * the hand-made tables match the spec's text (no drift), and an edited spec is noticed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { packageRoot, specPath } from '../../src/core/paths.js';
import { hasRequirement } from '../../src/core/requirements.js';
import { specStatements } from '../../src/statements/spec-statements.js';
import { coverageOf, coverageSentence, statementIndex } from '../../src/statements/statement-index.js';
import { explanationFor, handMadeKeys, mappedRequirements } from '../../src/statements/unjudged.js';

const spec = readFileSync(specPath, 'utf8');
const index = statementIndex(spec);

describe('the statement index', () => {
  test('every statement of the spec is judged by a check or explained', () => {
    expect(coverageOf(index).neither.map((s) => `${s.id} ${s.text}`)).toEqual([]);
    expect(coverageOf(index).judged).toBeGreaterThan(coverageOf(index).explained);
  });

  test('ids are unique and stable for the same text', () => {
    const ids = index.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(specStatements(spec).map((s) => s.id)).toEqual(ids);
  });

  test('every hand-made mapping and explanation matches a statement of the spec (no drift), and every mapped requirement exists', () => {
    const texts = new Set(index.map((s) => s.text));
    expect(handMadeKeys().filter((key) => !texts.has(key))).toEqual([]);
    for (const key of handMadeKeys()) for (const id of mappedRequirements(key)) expect(hasRequirement(id), id).toBe(true);
  });

  test('an explanation is only kept for a statement no check judges', () => {
    const judged = index.filter(
      (s) => s.checks.length > 0 && explanationFor(s.text) !== undefined && !/not shown|not described/.test(s.text),
    );
    expect(judged.map((s) => s.text)).toEqual([]);
  });

  test('a statement edited in the spec is no longer judged nor explained', () => {
    const edited = spec
      .replace('Range 1 to 100 inclusive. Default and maximum: 100.', 'Range 1 to 200 inclusive. Default and maximum: 200.')
      .replace('Path parameters are in braces.', 'Path parameters are in angle brackets.');
    const neither = coverageOf(statementIndex(edited)).neither.map((s) => s.text);
    expect(neither).toContain('Path parameters are in angle brackets.');
    expect(neither.some((t) => t.includes('Range 1 to 200'))).toBe(true);
  });

  test("the checks reference shows the coverage figure of today's index", () => {
    expect(readFileSync(join(packageRoot, 'docs', 'checks.md'), 'utf8')).toContain(coverageSentence(index));
  });
});
