/**
 * How much of the suite a run judged, decided by one function (src/results/coverage.ts) that every
 * report prints: complete, or reduced with how; checks never started are "not run" with why, never
 * skipped.
 */
import { describe, expect, test } from 'vitest';
import type { Outcome } from '../../src/contract/checks/types.js';
import { coverageOf, notRunText, verdictLine, type CoverageInput } from '../../src/results/coverage.js';

const outcomes = (n: number, outcome: Outcome = 'pass'): { outcome: Outcome }[] => Array.from({ length: n }, () => ({ outcome }));
const whole: CoverageInput = { checks: outcomes(91), readOnly: false, target: { embedded: true } };

describe('coverage', () => {
  test('a whole run of every check, all judged: complete', () => {
    const coverage = coverageOf(whole, 91);
    expect(coverage).toEqual({ status: 'complete', text: 'complete', reasons: [], checks: { ran: 91, inSuite: 91, notRun: 0 } });
    expect(verdictLine('CONFORMANT', coverage)).toBe('CONFORMANT');
    expect(notRunText(coverage)).toBeUndefined();
  });

  test('--check: N of M checks, the others not run (outside --check), none of them counted as skipped', () => {
    const coverage = coverageOf({ ...whole, checks: outcomes(14), only: ['pagination.traversal.ends'] }, 91);
    expect(coverage.text).toBe('reduced: 14 of 91 checks, by --check');
    expect(coverage.checks).toEqual({ ran: 14, inSuite: 91, notRun: 77, notRunWhy: 'outside --check' });
    expect(coverage.reasons.map((r) => r.kind)).toEqual(['only']);
    expect(notRunText(coverage)).toBe('77 not run (outside --check)');
    expect(verdictLine('CONFORMANT', coverage)).toBe('CONFORMANT (reduced coverage: 14 of 91 checks, by --check)');
  });

  test('each way a run is reduced is named: shard, read-only with its skips, a write cap, areas off, no second caller, inconclusive, interrupted', () => {
    expect(coverageOf({ ...whole, checks: outcomes(40), shard: '1/3' }, 91).text).toBe('reduced: shard 1/3, 40 of 91 checks');
    expect(coverageOf({ ...whole, checks: [...outcomes(73), ...outcomes(18, 'skip')], readOnly: true }, 91).text).toBe(
      'reduced: read-only, no write sent; 18 checks skipped',
    );
    expect(coverageOf({ ...whole, maxWrites: 5 }, 91).text).toBe('reduced: writes capped at 5 by --max-writes');
    expect(coverageOf({ ...whole, skippedAreas: ['replay', 'robustness'] }, 91).text).toBe(
      'reduced: replay, robustness turned off by --skip-area',
    );
    expect(coverageOf({ ...whole, target: { embedded: false, secondCaller: false } }, 91).text).toBe(
      'reduced: no second caller, tenant isolation not checked',
    );
    expect(coverageOf({ ...whole, checks: [...outcomes(90), ...outcomes(1, 'inconclusive')] }, 91).text).toBe(
      'reduced: 1 check inconclusive',
    );
    const stopped = coverageOf({ ...whole, checks: outcomes(20), interrupted: true }, 91);
    expect(stopped.text).toBe('reduced: interrupted, 20 of 91 checks ended');
    expect(notRunText(stopped)).toBe('71 not run (the run was stopped before they ended)');
    expect(coverageOf({ ...whole, checks: outcomes(60) }, 91).text).toBe('reduced: 60 of 91 checks ran');
  });
});
