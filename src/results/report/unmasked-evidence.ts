/**
 * The warning every report of a run with --unmasked-evidence carries, in the same words: the console,
 * report.md, report.html, junit.xml, the HAR and the CI summary. A report with personal data in it
 * must say so where it is read first, so it is never passed on as if it were masked.
 */
import type { Results } from '../results.js';

export const UNMASKED_EVIDENCE_WARNING =
  'UNMASKED EVIDENCE (--unmasked-evidence): personal data read from the target (names, e-mails, phones, SSNs, dates of birth, addresses, whole account numbers) is written as it came; tokens are still masked. For synthetic data only: do not share these reports as masked evidence.';

/** The warning, when the run's evidence is unmasked. */
export function unmaskedEvidenceWarning(results: Pick<Results, 'unmaskedEvidence'>): string | undefined {
  return results.unmaskedEvidence === true ? UNMASKED_EVIDENCE_WARNING : undefined;
}
