/**
 * How much of the suite a run judged, decided in one place: "complete", or "reduced: <how>". Every
 * report prints this (the console's verdict line, report.md, report.html, JUnit, results.json, the
 * GitHub summary), so a partial run can never read as a whole one in one format and not another.
 *
 * A run is reduced when it ran part of the suite (--check, --shard, stopped or ended early), was kept
 * from part of what it checks (--read-only, --max-writes, --skip-area, no second caller against a real
 * target), or some checks gave no judgement (skipped, inconclusive). Checks the run never started are
 * "not run", with why (outside --check, outside the shard): never counted as skipped.
 */
import type { Outcome } from '../contract/checks/types.js';

export type CoverageReasonKind =
  | 'interrupted'
  | 'only'
  | 'shard'
  | 'ended-early'
  | 'read-only'
  | 'max-writes'
  | 'skip-area'
  | 'no-second-caller'
  | 'skipped'
  | 'inconclusive';

export interface CoverageReason {
  kind: CoverageReasonKind;
  text: string;
}

export interface Coverage {
  status: 'complete' | 'reduced';
  /** "complete", or "reduced: " and the reasons: the words every report prints. */
  text: string;
  reasons: CoverageReason[];
  checks: {
    /** Checks that ran (ended with an outcome). */
    ran: number;
    /** Checks the suite has. */
    inSuite: number;
    /** Checks that did not run, and why; never counted among the skipped. */
    notRun: number;
    notRunWhy?: string;
  };
}

/** What of a run's results decides its coverage. */
export interface CoverageInput {
  checks: readonly { outcome: Outcome }[];
  only?: readonly string[];
  shard?: string;
  readOnly: boolean;
  maxWrites?: number;
  skippedAreas?: readonly string[];
  target: { embedded: boolean; secondCaller?: boolean };
  interrupted?: boolean;
}

const checksWord = (n: number): string => `${n} ${n === 1 ? 'check' : 'checks'}`;

/** `inSuite`: how many checks the suite that ran has. */
export function coverageOf(run: CoverageInput, inSuite: number): Coverage {
  const ran = run.checks.length;
  const notRun = Math.max(0, inSuite - ran);
  const reasons: CoverageReason[] = [];
  let notRunWhy: string | undefined;
  if (run.interrupted) {
    reasons.push({ kind: 'interrupted', text: `interrupted, ${ran} of ${inSuite} checks ended` });
    notRunWhy = 'the run was stopped before they ended';
  } else if (run.only !== undefined) {
    reasons.push({ kind: 'only', text: `${ran} of ${inSuite} checks, by --check` });
    notRunWhy = 'outside --check';
  } else if (run.shard !== undefined) {
    reasons.push({ kind: 'shard', text: `shard ${run.shard}, ${ran} of ${inSuite} checks` });
    notRunWhy = `outside shard ${run.shard}`;
  } else if (notRun > 0) {
    // Stopped at the time bound or by --fail-fast, refused before its checks, or a shard missing from a merge.
    reasons.push({ kind: 'ended-early', text: `${ran} of ${inSuite} checks ran` });
  }
  if (run.readOnly) reasons.push({ kind: 'read-only', text: 'read-only, no write sent' });
  if (run.maxWrites !== undefined) reasons.push({ kind: 'max-writes', text: `writes capped at ${run.maxWrites} by --max-writes` });
  if (run.skippedAreas !== undefined && run.skippedAreas.length > 0)
    reasons.push({ kind: 'skip-area', text: `${run.skippedAreas.join(', ')} turned off by --skip-area` });
  if (!run.target.embedded && run.target.secondCaller === false)
    reasons.push({ kind: 'no-second-caller', text: 'no second caller, tenant isolation not checked' });
  const skipped = run.checks.filter((c) => c.outcome === 'skip').length;
  if (skipped > 0) reasons.push({ kind: 'skipped', text: `${checksWord(skipped)} skipped` });
  const inconclusive = run.checks.filter((c) => c.outcome === 'inconclusive').length;
  if (inconclusive > 0) reasons.push({ kind: 'inconclusive', text: `${checksWord(inconclusive)} inconclusive` });
  return {
    status: reasons.length === 0 ? 'complete' : 'reduced',
    text: reasons.length === 0 ? 'complete' : `reduced: ${reasons.map((r) => r.text).join('; ')}`,
    reasons,
    checks: { ran, inSuite, notRun, ...(notRunWhy !== undefined && notRun > 0 ? { notRunWhy } : {}) },
  };
}

/** "77 not run (outside --check)", or undefined when every check ran. */
export function notRunText(coverage: Coverage): string | undefined {
  const { notRun, notRunWhy } = coverage.checks;
  if (notRun === 0) return undefined;
  return `${notRun} not run${notRunWhy !== undefined ? ` (${notRunWhy})` : ''}`;
}

/** The verdict as every report heads it: "CONFORMANT", or "CONFORMANT (reduced coverage: 14 of 91 checks, by --check)". */
export function verdictLine(label: string, coverage: Coverage): string {
  return coverage.status === 'complete' ? label : `${label} (reduced coverage: ${coverage.reasons.map((r) => r.text).join('; ')})`;
}
