/**
 * Whether report.md, junit.xml and report.html were made from the results.json beside them: each must
 * state the same run (its id and seed), the same implementation, suite digest and coverage, and the
 * same verdict, where its format puts the verdict. A report left from another run, or edited to
 * another verdict, fails here; a missing one cannot be checked, and says so.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageLine, implementationName, verdictWithCoverage } from '../report/identity.js';
import type { Results } from '../results.js';
import { couldNotCheck, failed, ok, type VerifyItem } from './item.js';

/** Entities the reports' escaping writes, read back so a value is found as results.json holds it. */
const unescapeMarkup = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

interface ReportFormat {
  file: string;
  /** The file's text as plain text (entities read back). */
  read: (text: string) => string;
  /** The verdict as this format marks it, so NON-CONFORMANT is never read as CONFORMANT. */
  verdictMark: (line: string) => string;
}

const FORMATS: readonly ReportFormat[] = [
  { file: 'report.md', read: (text) => text, verdictMark: (line) => `**${line}**` },
  { file: 'junit.xml', read: unescapeMarkup, verdictMark: (line) => `name="verdict" value="${line}"` },
  { file: 'report.html', read: unescapeMarkup, verdictMark: (line) => `<strong>${line}</strong>` },
];

/** Whether `fragment` stands in `text` whole: not glued to a letter, digit or hyphen on either side (seed 12 is not seed 123). */
function standsIn(text: string, fragment: string): boolean {
  for (let at = text.indexOf(fragment); at !== -1; at = text.indexOf(fragment, at + 1)) {
    const before = text[at - 1] ?? '';
    const after = text[at + fragment.length] ?? '';
    if (!/[A-Za-z0-9-]/.test(before) && !/[A-Za-z0-9-]/.test(after)) return true;
  }
  return false;
}

/** What each report must state, as results.json states it; `anyCase`: a line may begin with it, capitalised. */
function statements(results: Results): { what: string; text: string; anyCase?: boolean }[] {
  return [
    { what: 'implementation', text: implementationName(results.target.implementation), anyCase: true },
    { what: 'run id', text: results.runId },
    { what: 'seed', text: `seed ${results.seed}` },
    { what: 'suite digest', text: results.suite.digest },
    { what: 'coverage', text: coverageLine(results) },
  ];
}

export function checkReportFiles(dir: string, results: Results): VerifyItem[] {
  return FORMATS.map((format) => {
    const name = `${format.file} made from results.json`;
    const path = join(dir, format.file);
    if (!existsSync(path)) return couldNotCheck(name, `no ${format.file} in ${dir}: the report a reader would be handed is missing`);
    const text = format.read(readFileSync(path, 'utf8'));
    const verdict = verdictWithCoverage(results);
    const missing = [
      ...statements(results).filter((s) => !(s.anyCase ? standsIn(text.toLowerCase(), s.text.toLowerCase()) : standsIn(text, s.text))),
      ...(text.includes(format.verdictMark(verdict)) ? [] : [{ what: 'verdict', text: verdict }]),
    ];
    if (missing.length > 0)
      return failed(
        name,
        `${format.file} does not state ${missing.map((m) => `the ${m.what} "${m.text}"`).join(', ')} that results.json states: it was made from another run, or edited`,
      );
    return ok(name, `states the run id, seed, implementation, suite digest, coverage and verdict of results.json`);
  });
}
