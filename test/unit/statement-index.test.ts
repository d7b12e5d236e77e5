/**
 * The statement index (src/contract/statements/): every statement of the spec is judged, cited or explained;
 * judged only with a catalog fault that proves it; the hand-made tables match the spec's text (no
 * drift), and an edited spec is noticed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { packageRoot, specPath } from '../../src/core/paths.js';
import { hasRequirement } from '../../src/core/requirements.js';
import { checks, requirementsOf } from '../../src/contract/checks/registry.js';
import { faults } from '../../src/lab/faults/index.js';
import { specStatements } from '../../src/contract/statements/spec-statements.js';
import { coverageOf, coverageSentence, statementIndex } from '../../src/contract/statements/statement-index.js';
import { explanationFor, handMadeKeys, mappedRequirements } from '../../src/contract/statements/unjudged.js';

const spec = readFileSync(specPath, 'utf8');
const index = statementIndex(spec, faults);

describe('the statement index', () => {
  test('every statement of the spec is judged, cited or explained', () => {
    expect(coverageOf(index).neither.map((s) => `${s.id} ${s.text}`)).toEqual([]);
    expect(coverageOf(index).judged).toBeGreaterThan(coverageOf(index).explained);
  });

  test('a statement is judged only with a fault that breaks one of its requirements and is caught by a check citing it', () => {
    for (const s of index.filter((x) => x.status === 'judged')) {
      expect(s.provenBy.length, s.text).toBeGreaterThan(0);
      for (const proof of s.provenBy) {
        const fault = faults.find((f) => f.name === proof.name);
        expect(fault?.breaks, proof.name).toBe(proof.breaks);
        expect(s.requirements).toContain(proof.breaks);
        const catcher = checks.find((c) => c.id === fault?.caughtBy);
        expect(
          catcher && (requirementsOf(catcher) as string[]).includes(proof.breaks),
          `${proof.name} caught by a check citing ${proof.breaks}`,
        ).toBe(true);
      }
    }
    // Without the catalog nothing is judged: every cited statement is then unproven.
    const bare = coverageOf(statementIndex(spec, []));
    expect(bare.judged).toBe(0);
    expect(bare.unproven).toBe(coverageOf(index).judged + coverageOf(index).unproven);
  });

  test("a statement maps to its own section's requirements: the three created_at rows each to their own resource", () => {
    const rows = index.filter((s) => s.text === '| created_at | string, ISO 8601 date-time | Time of creation. |');
    expect(rows.map((s) => [s.section, s.requirements])).toEqual([
      ['2.1', ['user_bank.created_at']],
      ['2.2', ['user.created_at']],
      ['2.3', ['rfp_registration.created_at']],
    ]);
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
    const neither = coverageOf(statementIndex(edited, faults)).neither.map((s) => s.text);
    expect(neither).toContain('Path parameters are in angle brackets.');
    expect(neither.some((t) => t.includes('Range 1 to 200'))).toBe(true);
  });

  test("the checks reference shows the coverage figure of today's index", () => {
    expect(readFileSync(join(packageRoot, 'docs', 'checks.md'), 'utf8')).toContain(coverageSentence(index));
  });
});
