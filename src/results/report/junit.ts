/**
 * junit.xml for CI systems: one testcase per check, classname by spec area. A fail is a
 * <failure>; skip and inconclusive are <skipped> with the reason; a warn passes with its message
 * in <system-out>, because the spec does not require what it checks.
 */
import { readableQuote } from './readable-quote.js';
import type { CheckRecord, Results } from '../results.js';

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
  // A run that could not start, crashed or was stopped is an error of one test, never zero tests that all passed.
  const runErrors = results.errors.length > 0 ? 1 : 0;
  lines.push(
    `<testsuites name="banklink-conformance" tests="${s.total + runErrors}" failures="${s.fail}" errors="${runErrors}" skipped="${s.skip + s.inconclusive}" time="${(results.durationMs / 1000).toFixed(3)}">`,
  );
  if (runErrors > 0) {
    const label = results.verdict === 'interrupted' ? 'the run did not finish' : 'the run could not complete';
    lines.push(
      `  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0" time="${(results.durationMs / 1000).toFixed(3)}" timestamp="${xmlEscape(results.startedAt)}">`,
    );
    lines.push(`    <testcase classname="banklink.run" name="${xmlEscape(`the run (${results.verdict})`)}" time="0.000">`);
    lines.push(
      `      <error message="${xmlEscape(`${label}: ${results.errors[0] ?? ''}`)}" type="${xmlEscape(results.verdict)}">${xmlEscape(results.errors.join('\n'))}</error>`,
    );
    lines.push('    </testcase>', '  </testsuite>');
  }
  for (const [area, checks] of areas) {
    const failures = checks.filter((c) => c.outcome === 'fail').length;
    const skipped = checks.filter((c) => c.outcome === 'skip' || c.outcome === 'inconclusive').length;
    const time = (checks.reduce((sum, c) => sum + c.durationMs, 0) / 1000).toFixed(3);
    lines.push(
      `  <testsuite name="${xmlEscape(area)}" tests="${checks.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time}" timestamp="${xmlEscape(results.startedAt)}">`,
    );
    for (const check of checks) {
      const name = xmlEscape(`${check.id}: ${check.title}`);
      const time = (check.durationMs / 1000).toFixed(3);
      lines.push(`    <testcase classname="banklink.${xmlEscape(area)}" name="${name}" time="${time}">`);
      // Which sentence of the spec the check proves, for CI views that show properties.
      lines.push(
        `      <properties><property name="requirement" value="${xmlEscape(check.requirement)}"/><property name="section" value="${xmlEscape(check.section)}"/><property name="level" value="${check.level}"/><property name="outcome" value="${check.outcome}"/></properties>`,
      );
      const cite = `[${check.requirement}, section ${check.section}, ${check.level}] ${check.message}`;
      if (check.outcome === 'fail') {
        const body = [
          cite,
          `Spec: ${readableQuote(check.quote)}`,
          ...seenLines(check),
          ...check.curl.map((c) => `Reproduce with: ${c}`),
        ].join('\n');
        lines.push(
          `      <failure message="${xmlEscape(check.message)}" type="${xmlEscape(check.requirement)}">${xmlEscape(body)}</failure>`,
        );
      } else if (check.outcome === 'skip' || check.outcome === 'inconclusive') {
        lines.push(`      <skipped message="${xmlEscape(`${check.outcome}: ${check.message}`)}"/>`);
      } else if (check.outcome === 'warn') {
        lines.push(
          `      <system-out>${xmlEscape([`WARN ${cite}`, ...seenLines(check), ...check.curl.map((c) => `Reproduce with: ${c}`)].join('\n'))}</system-out>`,
        );
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/** What the check expected and saw, per finding (the first five; results.json has them all). */
function seenLines(check: CheckRecord): string[] {
  return check.findings
    .slice(0, 5)
    .flatMap((f) => [
      ...(f.expected !== undefined ? [`Expected: ${f.expected}`] : []),
      ...(f.actual !== undefined ? [`Seen: ${f.actual}`] : []),
      ...(f.counterexample !== undefined ? [`Counterexample: ${f.counterexample}`] : []),
    ]);
}
