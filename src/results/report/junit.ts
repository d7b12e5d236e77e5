/**
 * junit.xml for CI systems: one testcase per check, classname by spec area. A fail is a
 * <failure>; an inconclusive check is an <error> with its reason, since CI test tabs count a
 * <skipped> as fine and the check could not look; <skipped> is for what the run chose not to do
 * (read-only, no second caller, --check); a warn passes with its message in <system-out>, because
 * the spec does not require what it checks. A run that could not run, could not decide or did not
 * finish adds a run-level testcase with an <error>.
 *
 * Who and what was tested heads it as in every report: the <testsuites> name is the implementation
 * and the verdict with its coverage, and each <testsuite> opens with the same properties (the
 * implementation first, then target, suite, spec, run and coverage), since CI views show a suite's
 * properties but rarely the root's name. Checks a run never started (outside --check, another
 * shard) are no testcase at all: a <skipped> would count them as looked at.
 */
import { unmaskedEvidenceWarning } from './unmasked-evidence.js';
import { readableQuote } from './readable-quote.js';
import type { CheckRecord, Results } from '../results.js';
import { citedRequirement } from './cited-requirement.js';
import { identityItems, implementationName, verdictWithCoverage } from './identity.js';
import { recurrenceText } from './headline.js';
import { checkReplay } from './wording.js';

/** The run's identity as JUnit properties, the implementation first; verify reads them back. */
export function runProperties(results: Results): [string, string][] {
  return [
    ...identityItems(results).map((item): [string, string] => [item.key, item.text]),
    ['run.id', results.runId],
    ['seed', String(results.seed)],
    ['suite.digest', results.suite.digest],
    ['spec.hash', results.spec.hash],
    ['verdict', verdictWithCoverage(results)],
  ];
}

const propertiesXml = (properties: [string, string][]): string =>
  `<properties>${properties.map(([name, value]) => `<property name="${xmlEscape(name)}" value="${xmlEscape(value)}"/>`).join('')}</properties>`;

export const xmlEscape = (text: string): string =>
  text
    // Characters XML 1.0 cannot hold at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export function toJunit(results: Results): string {
  const areas = new Map<string, Results['checks']>();
  for (const check of results.checks) areas.set(check.area, [...(areas.get(check.area) ?? []), check]);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const s = results.summary;
  // A run that could not start, crashed, was stopped or could not decide is an error of one test, never zero tests that all passed.
  const undecided = results.verdict === 'inconclusive' && results.errors.length === 0;
  const runErrors = results.errors.length > 0 || undecided ? 1 : 0;
  const reasons = undecided
    ? [`${s.inconclusive} check(s) could not look: ${results.checks.find((c) => c.outcome === 'inconclusive')?.message ?? ''}`]
    : results.errors;
  // A CI view that shows one suite alone still says its evidence is unmasked.
  const unmasked = unmaskedEvidenceWarning(results);
  const properties = `    ${propertiesXml([...runProperties(results), ...(unmasked === undefined ? [] : [['unmasked-evidence', unmasked] as [string, string]])])}`;
  const name = `${implementationName(results.target.implementation)}, judged by ${results.suite.name} ${results.suite.version}: ${verdictWithCoverage(results)}`;
  lines.push(
    `<testsuites name="${xmlEscape(name)}" tests="${s.total + runErrors}" failures="${s.fail}" errors="${s.inconclusive + runErrors}" skipped="${s.skip}" time="${(results.durationMs / 1000).toFixed(3)}">`,
  );
  if (runErrors > 0) {
    const label =
      results.verdict === 'interrupted'
        ? 'the run did not finish'
        : undecided
          ? 'the run could not decide (INCONCLUSIVE)'
          : 'the run could not complete';
    lines.push(
      `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="${(results.durationMs / 1000).toFixed(3)}" timestamp="${xmlEscape(results.startedAt)}">`,
      properties,
    );
    lines.push(`    <testcase classname="banklink.run" name="${xmlEscape(`the run (${results.verdict})`)}" time="0.000">`);
    lines.push(
      `      <error message="${xmlEscape(`${label}: ${reasons[0] ?? ''}`)}" type="${xmlEscape(results.verdict)}">${xmlEscape(reasons.join('\n'))}</error>`,
    );
    lines.push('    </testcase>', '  </testsuite>');
  }
  for (const [area, checks] of areas) {
    const failures = checks.filter((c) => c.outcome === 'fail').length;
    const skipped = checks.filter((c) => c.outcome === 'skip').length;
    const errors = checks.filter((c) => c.outcome === 'inconclusive').length;
    const time = (checks.reduce((sum, c) => sum + c.durationMs, 0) / 1000).toFixed(3);
    lines.push(
      `  <testsuite name="${xmlEscape(area)}" tests="${checks.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}" timestamp="${xmlEscape(results.startedAt)}">`,
      properties,
    );
    for (const check of checks) {
      const name = xmlEscape(`${check.id}: ${check.title}`);
      const time = (check.durationMs / 1000).toFixed(3);
      lines.push(`    <testcase classname="banklink.${xmlEscape(area)}" name="${name}" time="${time}">`);
      // Which sentence of the spec the check proves, for CI views that show properties.
      lines.push(
        `      <properties><property name="requirement" value="${xmlEscape(check.requirement)}"/><property name="section" value="${xmlEscape(check.section)}"/><property name="level" value="${check.level}"/><property name="outcome" value="${check.outcome}"/></properties>`,
      );
      const cited = citedRequirement(check);
      const cite = `[${cited.id}, section ${cited.section}, ${cited.level}] ${check.message}`;
      if (check.outcome === 'fail') {
        const body = [
          cite,
          `Spec: ${readableQuote(cited.quote)}`,
          ...seenLines(check),
          ...check.curl.map((c) => `Reproduce with: ${c}`),
          ...replayLines(results, check),
        ].join('\n');
        lines.push(`      <failure message="${xmlEscape(check.message)}" type="${xmlEscape(cited.id)}">${xmlEscape(body)}</failure>`);
      } else if (check.outcome === 'inconclusive') {
        lines.push(
          `      <error message="${xmlEscape(`inconclusive: ${check.message}`)}" type="inconclusive">${xmlEscape(`[${check.requirement}, section ${check.section}] could not look: ${check.message}`)}</error>`,
        );
      } else if (check.outcome === 'skip') {
        lines.push(`      <skipped message="${xmlEscape(`skip: ${check.message}`)}"/>`);
      } else if (check.outcome === 'warn') {
        lines.push(
          `      <system-out>${xmlEscape([`WARN ${cite}`, ...seenLines(check), ...check.curl.map((c) => `Reproduce with: ${c}`), ...replayLines(results, check)].join('\n'))}</system-out>`,
        );
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/** The check seen again (wording.ts checkReplay), as lines of a failure's text. */
function replayLines(results: Results, check: CheckRecord): string[] {
  const replay = checkReplay(results, check);
  return [`Replay ${replay.scope}: ${replay.command}`, ...(replay.entries !== undefined ? [`Its exchanges: ${replay.entries}`] : [])];
}

/** What the check expected and saw, per finding (the first five; results.json has them all). */
function seenLines(check: CheckRecord): string[] {
  return check.findings.slice(0, 5).flatMap((f) => {
    const recurrence = recurrenceText(f);
    return [
      ...(f.expected !== undefined ? [`Expected: ${f.expected}`] : []),
      ...(f.actual !== undefined ? [`Seen: ${f.actual}`] : []),
      ...(recurrence !== undefined ? [`Recurrence: ${recurrence}`] : []),
      ...(f.counterexample !== undefined ? [`Counterexample: ${f.counterexample}`] : []),
    ];
  });
}
