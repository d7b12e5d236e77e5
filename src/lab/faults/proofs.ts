/**
 * Which faults prove which check: read the catalog the other way round. A check that no fault is
 * aimed at has never been seen to fail, so test/unit/falsifiable.test.ts refuses it; this is also
 * the detection table of `npm run serve -- --list-faults` and of docs/checks.md.
 */
import { checks } from '../../contract/checks/registry.js';
import type { CheckSpec } from '../../contract/checks/types.js';
import { requirement } from '../../core/requirements.js';
import { blindSpots, faults, type Fault } from './index.js';

export interface CheckProof {
  check: CheckSpec;
  /** fail for a MUST check, warn for a SHOULD check: what each fault must make it give. */
  expected: 'fail' | 'warn';
  faults: Fault[];
}

export const expectedOutcomeOf = (check: CheckSpec): 'fail' | 'warn' => (requirement(check.requirement).level === 'MUST' ? 'fail' : 'warn');

export function proofsByCheck(): CheckProof[] {
  return checks.map((check) => ({ check, expected: expectedOutcomeOf(check), faults: faults.filter((f) => f.caughtBy === check.id) }));
}

/** The plain-text table of --list-faults: every check, then the faults that prove it. */
export function detectionText(): string {
  const lines: string[] = [];
  for (const proof of proofsByCheck()) {
    lines.push(
      `${proof.check.id}  (${proof.expected} on ${proof.faults.length === 0 ? 'NO FAULT: unproven' : proof.faults.map((f) => f.name).join(', ')})`,
    );
    for (const fault of proof.faults) lines.push(`    ${fault.name}: ${fault.description} [breaks ${fault.breaks}]`);
  }
  lines.push('', 'blind spots (aimed at no check: the suite judges each conformant, since no black-box client can see it)');
  for (const fault of blindSpots)
    lines.push(
      `    ${fault.name}${fault.variation !== undefined ? ` (in variation ${fault.variation})` : ''}: ${fault.description} [breaks ${fault.breaks}; blind: ${fault.blindSpot}]`,
    );
  return lines.join('\n');
}
