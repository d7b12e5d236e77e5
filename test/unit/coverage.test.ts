/**
 * Requirement coverage: every MUST requirement of the catalog is proved by at least one registered
 * check (its primary requirement or one it covers). A MUST with no check would show as "untested"
 * in every report; here it fails `npm test`, naming the uncovered ids so the gap is one search away.
 */
import { describe, expect, test } from 'vitest';
import { checks, requirementsOf } from '../../src/contract/checks/registry.js';
import { requirements } from '../../src/core/requirements.js';

const covered = new Set(checks.flatMap((spec) => requirementsOf(spec)));

describe('requirement coverage', () => {
  test('every MUST requirement has at least one check', () => {
    const uncovered = requirements.filter((r) => r.level === 'MUST' && !covered.has(r.id));
    const list = uncovered.map((r) => `  ${r.id} (section ${r.section}): ${r.quote}`).join('\n');
    expect(
      uncovered.map((r) => r.id),
      `MUST requirements with no check (declare one with conformanceCheck in suites/ and run npm run build:docs):\n${list}`,
    ).toEqual([]);
  });

  test('every requirement a check cites exists in the catalog (no typo hides a gap)', () => {
    const known = new Set(requirements.map((r) => r.id));
    const unknown = [...covered].filter((id) => !known.has(id));
    expect(unknown, 'requirement ids cited by checks but missing from src/core/requirements.ts').toEqual([]);
  });
});
