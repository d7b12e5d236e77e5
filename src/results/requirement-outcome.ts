/**
 * The outcome a check gives one of the requirements it covers. A requirement fails (or warns) only
 * through a finding that names it: a finding names the requirements it lists, or, listing none, the
 * check's own requirement. So a broader check (a schema check covering every field, a view relation
 * covering both filters) fails the requirements its findings show broken, and passes the others it
 * covers. A check that failed without any finding (no evidence to name) marks its own requirement.
 */
import type { Finding, Outcome } from '../contract/checks/types.js';

export interface CheckOutcome {
  requirement: string;
  outcome: Outcome;
  findings: Finding[];
}

/** The requirements one finding shows broken. */
export const namedBy = (finding: Finding, check: CheckOutcome): readonly string[] => finding.requirements ?? [check.requirement];

export function outcomeForRequirement(check: CheckOutcome, requirementId: string): Outcome {
  if (check.outcome !== 'fail' && check.outcome !== 'warn') return check.outcome;
  if (check.findings.length === 0) return check.requirement === requirementId ? check.outcome : 'pass';
  const naming = check.findings.filter((f) => namedBy(f, check).includes(requirementId));
  if (naming.some((f) => f.severity === 'fail')) return 'fail';
  return naming.length > 0 ? 'warn' : 'pass';
}
