/**
 * report.md, for a pull-request comment: verdict and counts first, then each fail (and warn) with
 * the section and sentence of the spec it breaks and the curl line that replays it, then the full
 * requirement matrix (folded, so the comment stays short) and what the run created.
 * Kept under GitHub's comment size: long evidence is cut, results.json has all of it.
 */
import { unmaskedEvidenceWarning } from './unmasked-evidence.js';
import { clipLines } from './excerpt.js';
import { headline, mergedFindings, recurrenceText, whereOf } from './headline.js';
import { readableQuote } from './readable-quote.js';
import type { Comparison } from '../compare/diff.js';
import { sinceBaselineMarkdown } from '../compare/render.js';
import { conditionLines } from './run-conditions.js';
import { harEntryLabel, harEntryOf } from './har-entry.js';
import type { CheckRecord, Results } from '../results.js';
import { compareSections, sectionLabel } from './sections.js';
import { checkReplay, createdSummary, curlShellNote, replayCommand, replayNote, valueClassesLine, VERDICT_TEXT } from './wording.js';
import { notRunText } from '../coverage.js';
import { identityItems, implementationLine, verdictWithCoverage } from './identity.js';
import { citedRequirement } from './cited-requirement.js';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** A counterexample in its code block: line by line (a failing sequence is numbered steps, each with its curl line), bounded. */
const counterexampleLines = (text: string): string[] =>
  clipLines(clip(text.trim(), 6_000), 60)
    .split('\n')
    .map((line) => `    ${line.replace(/```/g, "'''")}`);
/** Inline code that survives backticks inside the value. */
const code = (text: string): string => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

function detail(check: CheckRecord, results: Results): string[] {
  const cited = citedRequirement(check);
  const lines = [
    `### ${check.outcome.toUpperCase()} ${code(check.id)}: ${oneLine(headline(check))}`,
    '',
    `Check: ${check.title}`,
    '',
    `Requirement ${code(cited.id)} (${cited.level}), ${sectionLabel(cited.section)}:`,
    '',
    `> ${oneLine(readableQuote(cited.quote))}`,
    '',
  ];
  const merged = mergedFindings(check.findings);
  for (const { finding, count } of merged.slice(0, 5)) {
    lines.push(`- ${clip(oneLine(finding.message), 2_000)}${count > 1 ? ` (${count} times, merged)` : ''}`);
    const where = whereOf(check, finding);
    if (where !== undefined) lines.push(`  - where: ${code(where)}`);
    if (finding.requirements !== undefined) lines.push(`  - breaks: ${finding.requirements.map(code).join(', ')}`);
    const recurrence = recurrenceText(finding);
    if (recurrence !== undefined) lines.push(`  - recurrence: ${recurrence}`);
    if (finding.expected !== undefined) lines.push(`  - expected: ${clip(oneLine(finding.expected), 2_000)}`);
    if (finding.actual !== undefined) lines.push(`  - seen: ${clip(oneLine(finding.actual), 2_000)}`);
    if (finding.counterexample)
      lines.push('  - counterexample:', '', '    ```', ...counterexampleLines(finding.counterexample), '    ```', '');
    if (finding.counterexampleCurl)
      lines.push('  - send it again:', '', '    ```sh', `    ${clip(finding.counterexampleCurl, 2_000)}`, '    ```', '');
  }
  if (check.findings.length === 0) lines.push(`- ${clip(oneLine(check.message), 2_000)}`);
  if (merged.length > 5) lines.push(`- and ${merged.length - 5} more findings (results.json has them all)`);
  for (const curl of check.curl.slice(0, 2))
    lines.push('', `Reproduce with${harEntryLabel(results, harEntryOf(check, curl))}:`, '', '```sh', clip(curl, 2_000), '```');
  const replay = checkReplay(results, check);
  lines.push('', `Replay ${replay.scope}${replay.entries !== undefined ? `; ${replay.entries}` : ''}:`, '', '```sh', replay.command, '```');
  lines.push('');
  return lines;
}

/** GitHub refuses comments over 65,536 characters: details stop at a budget, the tables stay whole. */
const DETAIL_BUDGET = 30_000;

function withinBudget(checks: CheckRecord[], what: string, results: Results): string[] {
  const out: string[] = [];
  let used = 0;
  for (const [index, check] of checks.entries()) {
    const block = detail(check, results);
    const size = block.reduce((sum, line) => sum + line.length + 1, 0);
    if (used + size > DETAIL_BUDGET && index > 0) {
      out.push(`_${checks.length - index} more ${what} not detailed here (comment size); report.html and results.json have them all._`, '');
      break;
    }
    used += size;
    out.push(...block);
  }
  return out;
}

function matrix(results: Results): string[] {
  const lines = ['| section | requirement | level | outcome | checks |', '|---|---|---|---|---|'];
  const sorted = [...results.requirements].sort((a, b) => compareSections(a.section, b.section));
  for (const req of sorted) {
    const checks = req.checks.length ? req.checks.map(code).join(', ') : '_none_';
    const outcome = req.outcome === 'untested' || req.outcome === 'fail' ? `**${req.outcome}**` : req.outcome;
    lines.push(`| ${req.section} | ${code(req.id)} | ${req.level} | ${outcome} | ${checks} |`);
  }
  return lines;
}

export function toMarkdown(results: Results, sinceBaseline?: Comparison): string {
  const s = results.summary;
  const verdict = VERDICT_TEXT[results.verdict];
  const unmasked = unmaskedEvidenceWarning(results);
  const identity = identityItems(results).filter((item) => item.key !== 'implementation');
  const notRunChecks = notRunText(results.coverage);
  const lines = [
    '# banklink-conformance report',
    '',
    // A report holding personal data says so before anything else; then what was certified, then the verdict.
    ...(unmasked === undefined ? [] : [`> **WARNING: ${unmasked}**`, '']),
    `**${implementationLine(results.target.implementation).replace(/^i/, 'I')}**`,
    '',
    `**${verdictWithCoverage(results)}**: ${verdict.sentence}`,
    '',
    ...identity.map((item) => `- ${item.label}: ${item.text}`),
    ...(results.only ? [`- Checks asked for: ${results.only.map(code).join(', ')} (--check) and the run-wide checks`] : []),
    '',
    ...conditionLines(results).flatMap((line) => [line, '']),
    '| pass | fail | warn | skip | inconclusive | total |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${s.pass} | ${s.fail} | ${s.warn} | ${s.skip} | ${s.inconclusive} | ${s.total} |`,
    '',
    ...(notRunChecks === undefined ? [] : [`${notRunChecks}: the table counts only the checks that ran.`, '']),
  ];
  if (sinceBaseline) lines.push(...sinceBaselineMarkdown(sinceBaseline));
  const failing = results.checks.filter((c) => c.outcome === 'fail');
  const warning = results.checks.filter((c) => c.outcome === 'warn');
  if (failing.length > 0) {
    lines.push('## Failures', '', '| check | section | requirement |', '|---|---|---|');
    for (const c of failing) {
      const cited = citedRequirement(c);
      lines.push(`| ${code(c.id)} | ${sectionLabel(cited.section)} | ${code(cited.id)} |`);
    }
    const shellNote = curlShellNote(results);
    const note = shellNote !== undefined ? [`Note: ${shellNote.text}:`, '', '```sh', shellNote.command, '```', ''] : [];
    lines.push('', ...note, ...withinBudget(failing, 'failures', results));
  }
  if (warning.length > 0)
    lines.push('## Warnings (conventions where the spec is silent)', '', ...withinBudget(warning, 'warnings', results));
  const other = results.checks.filter((c) => c.outcome === 'skip' || c.outcome === 'inconclusive');
  if (other.length > 0) {
    lines.push('## Skipped and inconclusive', '', '| check | outcome | why |', '|---|---|---|');
    for (const check of other) lines.push(`| ${code(check.id)} | ${check.outcome} | ${clip(oneLine(check.message), 300)} |`);
    lines.push('');
  }
  const untested = results.requirements.filter((r) => r.outcome === 'untested');
  const mustUntested = untested.filter((r) => r.level === 'MUST').length;
  // Covered by checks that did not run (an interrupted run, a shard): not run, never "no check".
  const notRun = results.requirements.filter((r) => r.outcome === 'not-run').length;
  lines.push(
    '## Requirements',
    '',
    `${results.requirements.length} requirements; ${untested.length} untested${mustUntested ? ` (**${mustUntested} MUST**)` : ''}${notRun ? `; ${notRun} not run (their checks did not run)` : ''}. A requirement takes the worst outcome the checks that cover it give it; a schema check fails only the fields its findings name.`,
    '',
    '<details><summary>Every requirement with the checks that cover it</summary>',
    '',
    ...matrix(results),
    '',
    '</details>',
    '',
  );
  if (results.errors.length > 0) lines.push('## Errors', '', ...results.errors.map((e) => `- ${clip(oneLine(e), 500)}`), '');
  if (results.preflight && results.preflight.length > 0) {
    lines.push('## Preflight', '', 'Reads sent before any check, to catch configuration mistakes:', '');
    lines.push(...results.preflight.map((e) => `- ${e.method} ${code(e.url)} answered ${e.status}`), '');
  }
  if (results.created.length > 0) {
    lines.push(
      '## Created by this run',
      '',
      `${createdSummary(results).replace(/^created/, 'Created')} on the target; ids in results.json \`created[]\`:`,
      '',
    );
    const classes = valueClassesLine(results);
    if (classes !== undefined) lines.push(`${classes.replace(/^value/, 'Value')}: ${results.valueClasses?.covered.join('; ')}.`, '');
    lines.push(
      results.created
        .slice(0, 30)
        .map((c) => code(c.id))
        .join(' ') + (results.created.length > 30 ? ` and ${results.created.length - 30} more` : ''),
      '',
    );
  }
  lines.push('---', '', `Replay: ${code(replayCommand(results))} ${replayNote(results)}`.trimEnd(), '');
  return lines.join('\n');
}
