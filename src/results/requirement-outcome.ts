/**
 * The outcome a check gives one of the requirements it covers. A check's own requirement takes the
 * check's outcome. A covered requirement does too, unless every finding of the check names the
 * requirements it breaks (a schema violation names its field): then only the findings that name it
 * count, and a covered requirement none of them names passed this check.
 */
import type { Finding, Outcome } from '../checks/types.js';

export interface CheckOutcome {
  requirement: string;
  outcome: Outcome;
  findings: Finding[];
}

/** Every finding of the check says which requirements it breaks. */
export const findingsNameRequirements = (check: CheckOutcome): boolean =>
  check.findings.length > 0 && check.findings.every((f) => f.requirements !== undefined);

export function outcomeForRequirement(check: CheckOutcome, requirementId: string): Outcome {
  if (check.requirement === requirementId) return check.outcome;
  if (check.outcome !== 'fail' && check.outcome !== 'warn') return check.outcome;
  if (!findingsNameRequirements(check)) return check.outcome;
  const naming = check.findings.filter((f) => f.requirements?.includes(requirementId));
  if (naming.some((f) => f.severity === 'fail')) return 'fail';
  return naming.length > 0 ? 'warn' : 'pass';
}
