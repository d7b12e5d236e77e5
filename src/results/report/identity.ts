/**
 * Who and what was tested, in the words every report shares (console, report.md, report.html,
 * junit.xml, the GitHub summary), the implementation first: a partner hands the report on as a
 * certificate, and its reader looks for what was certified before anything else.
 */
import { implementationText, UNNAMED_IMPLEMENTATION, type Implementation } from '../../core/identity/implementation.js';
import { specText } from '../../core/identity/spec-identity.js';
import { suiteText } from '../../core/identity/suite-identity.js';
import { notRunText, verdictLine } from '../coverage.js';
import type { Results } from '../results.js';
import { VERDICT_TEXT } from './wording.js';

export interface IdentityItem {
  /** A stable key, for formats that name each item (JUnit properties). */
  key: 'implementation' | 'target' | 'suite' | 'spec' | 'run' | 'coverage';
  label: string;
  text: string;
}

/** "implementation: acme-bank-api@2.3.1", or "implementation not named (--implementation NAME@VERSION)". */
export function implementationLine(named: Implementation | undefined): string {
  return named === undefined ? UNNAMED_IMPLEMENTATION : `implementation: ${implementationText(named)}`;
}

/** The implementation as an item's text: its NAME@VERSION, or the sentence that says it was not named. */
export const implementationName = (named: Implementation | undefined): string =>
  named === undefined ? UNNAMED_IMPLEMENTATION : implementationText(named);

export function targetText(results: Pick<Results, 'target'>): string {
  return `${results.target.baseUrl}${results.target.embedded ? ' (the embedded reference implementation)' : ''}`;
}

/** The run's id, seed, start and length, and the modes that change what it sends. */
export function runText(results: Results): string {
  const modes = [results.readOnly ? 'read-only' : '', results.strict ? 'strict' : ''].filter(Boolean);
  return `${results.runId}, seed ${results.seed}, started ${results.startedAt}, ${(results.durationMs / 1000).toFixed(1)} s${modes.length > 0 ? `, ${modes.join(', ')}` : ''}`;
}

/** "complete", or "reduced: ..." with the checks that did not run and why. */
export function coverageLine(results: Pick<Results, 'coverage'>): string {
  const notRun = notRunText(results.coverage);
  return notRun === undefined ? results.coverage.text : `${results.coverage.text}; ${notRun}`;
}

/** Implementation, target, suite, spec, run, coverage: in this order in every report. */
export function identityItems(results: Results): IdentityItem[] {
  return [
    { key: 'implementation', label: 'Implementation', text: implementationName(results.target.implementation) },
    { key: 'target', label: 'Target', text: targetText(results) },
    { key: 'suite', label: 'Suite', text: suiteText(results.suite) },
    { key: 'spec', label: 'Spec', text: specText(results.spec) },
    { key: 'run', label: 'Run', text: runText(results) },
    { key: 'coverage', label: 'Coverage', text: coverageLine(results) },
  ];
}

/** The verdict with its coverage: "CONFORMANT", or "CONFORMANT (reduced coverage: 14 of 91 checks, by --check)". */
export const verdictWithCoverage = (results: Pick<Results, 'verdict' | 'coverage'>): string =>
  verdictLine(VERDICT_TEXT[results.verdict].label, results.coverage);
