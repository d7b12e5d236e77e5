/** report.md, for a pull-request comment: verdict, counts, then each fail and warn with its section. */
import type { CheckRecord, Results } from './results.js';

const VERDICT_LINE: Record<Results['verdict'], string> = {
  conformant: 'CONFORMANT: no requirement of the spec is broken',
  'non-conformant': 'NON-CONFORMANT: the target breaks the spec',
  inconclusive: 'INCONCLUSIVE: some checks could not be completed (throttling or time-outs)',
  'could-not-run': 'COULD NOT RUN: the suite could not complete; see errors',
};

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

function detail(check: CheckRecord): string[] {
  const lines = [`### ${check.outcome.toUpperCase()} \`${check.id}\` (section ${check.section}, ${check.level})`, '', `${check.title}.`, '', `> ${check.quote}`, ''];
  lines.push(`- requirement: \`${check.requirement}\``);
  for (const finding of check.findings.slice(0, 10)) {
    lines.push(`- ${oneLine(finding.message)}${finding.expected ? ` (expected: ${oneLine(finding.expected)}; seen: ${oneLine(finding.actual ?? '')})` : ''}`);
    if (finding.counterexample) lines.push(`  - counterexample: \`${oneLine(finding.counterexample)}\``);
  }
  if (check.findings.length > 10) lines.push(`- and ${check.findings.length - 10} more findings (results.json has them all)`);
  for (const curl of check.curl.slice(0, 3)) lines.push('', 'Reproduce with:', '', '```sh', curl, '```');
  lines.push('');
  return lines;
}

export function toMarkdown(results: Results): string {
  const s = results.summary;
  const lines = [
    '# banklink-conformance report',
    '',
    `**${VERDICT_LINE[results.verdict]}**`,
    '',
    `Target \`${results.target.baseUrl}\`${results.target.embedded ? ' (embedded reference implementation)' : ''} · suite ${results.suiteVersion} · spec ${results.specHash.slice(0, 19)} · seed ${results.seed} · ${results.startedAt} · ${(results.durationMs / 1000).toFixed(1)} s`,
    '',
    '| pass | fail | warn | skip | inconclusive | total |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${s.pass} | ${s.fail} | ${s.warn} | ${s.skip} | ${s.inconclusive} | ${s.total} |`,
    '',
  ];
  const failing = results.checks.filter((c) => c.outcome === 'fail');
  const warning = results.checks.filter((c) => c.outcome === 'warn');
  if (failing.length > 0) lines.push('## Failures', '', ...failing.flatMap(detail));
  if (warning.length > 0) lines.push('## Warnings (conventions where the spec is silent)', '', ...warning.flatMap(detail));
  const other = results.checks.filter((c) => c.outcome === 'skip' || c.outcome === 'inconclusive');
  if (other.length > 0) {
    lines.push('## Skipped and inconclusive', '', '| check | outcome | why |', '|---|---|---|');
    for (const check of other) lines.push(`| \`${check.id}\` | ${check.outcome} | ${oneLine(check.message)} |`);
    lines.push('');
  }
  const untested = results.requirements.filter((r) => r.outcome === 'untested');
  if (untested.length > 0) lines.push('## Untested requirements', '', ...untested.map((r) => `- \`${r.id}\` (section ${r.section}, ${r.level})`), '');
  if (results.errors.length > 0) lines.push('## Errors', '', ...results.errors.map((e) => `- ${oneLine(e)}`), '');
  if (results.created.length > 0) lines.push(`## Created by this run`, '', `${results.created.length} resources; ids in results.json \`created[]\`.`, '');
  return lines.join('\n');
}
