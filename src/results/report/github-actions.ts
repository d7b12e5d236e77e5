/**
 * What a run tells GitHub Actions when it runs under it (GITHUB_ACTIONS=true; issue 55 item 4): a
 * Markdown summary appended to the file $GITHUB_STEP_SUMMARY names (shown on the run's page), and
 * one annotation a failing check (`::error`) and one a warning (`::warning`) on stdout, shown on the
 * run's page and in the pull request's checks without opening the log. Under GitLab the JUnit
 * report already does this; other CIs read the exit code and the report files.
 *
 * Like vitest's github-actions reporter, it is written after the run, from the run's results, and
 * adds to what the other reports say nothing they do not: every text goes through the run's
 * redactor, so a token appears only as $CONFORMANCE_TOKEN and personal data stays masked. A run
 * that gave no verdict says so and why; its counts are of the checks that ended, nothing more.
 */
import { unmaskedEvidenceWarning } from './unmasked-evidence.js';
import { appendFileSync } from 'node:fs';
import type { Redactor } from '../../http/redact.js';
import type { CheckRecord, Results } from '../results.js';
import { headline } from './headline.js';
import { sectionLabel } from './sections.js';
import { checkReplay, createdSummary, replayCommand, replayNote, VERDICT_TEXT } from './wording.js';
import { suiteText } from '../../core/identity/suite-identity.js';
import { notRunText } from '../coverage.js';
import { identityItems, implementationLine, verdictWithCoverage } from './identity.js';
import { workflowCommand } from './workflow-command.js';

/** Whether the process runs as a step of a GitHub Actions job (the runner sets it to the string "true"). */
export const underGithubActions = (env: NodeJS.ProcessEnv): boolean => env.GITHUB_ACTIONS === 'true';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Inline code that survives backticks inside the value. */
const code = (text: string): string => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);
/** A table cell or list item on one line, a `|` kept from ending a cell. */
const cell = (text: string): string => oneLine(text).replace(/\|/g, '\\|');

/** GitHub keeps at most 1 MiB of summary a step: details stop well before, the verdict and counts never do. */
const DETAIL_BUDGET = 60_000;
/** As report.md: a curl line longer than this carries a body no one copies from a page; results.json keeps it whole. */
const CURL_MAX = 2_000;

/** Why a run gave no verdict, in one sentence of its own: the errors it recorded, or the checks that could not look. */
function whyNoVerdict(results: Results): string | undefined {
  if (results.verdict === 'conformant' || results.verdict === 'non-conformant') return undefined;
  if (results.errors.length > 0) return results.errors.map(oneLine).join('; ');
  const inconclusive = results.checks.filter((c) => c.outcome === 'inconclusive').map((c) => c.id);
  return inconclusive.length > 0 ? `${inconclusive.length} check(s) could not finish: ${inconclusive.join(', ')}` : undefined;
}

/**
 * The writes the run made, as far as it saw them. A run that ended lists every one; a run that
 * stopped or could not run claims only what it recorded before it stopped, never "none".
 */
function footprint(results: Results): string[] {
  const lines: string[] = [];
  const requests = results.traffic?.requests;
  if (requests !== undefined) lines.push(`- Requests sent: ${requests}`);
  const ended = results.verdict !== 'could-not-run' && results.verdict !== 'interrupted';
  if (results.readOnly) lines.push('- Writes made: none (`--read-only`: no POST was sent)');
  else if (results.created.length > 0)
    lines.push(`- Writes made: ${createdSummary(results)}; \`created.json\` lists each with its caller, User and check, for clean-up`);
  else if (ended) lines.push('- Writes made: none (the run created nothing on the target)');
  else lines.push('- Writes made: none recorded before the run stopped; `created.json` in the report directory lists any it made');
  return lines;
}

/** One failing check in the summary: what broke, the requirement, and the line that sends it again. */
function failureBlock(check: CheckRecord, results: Results): string[] {
  const lines = [
    `- **${code(check.id)}** (${code(check.requirement)}, ${check.level}, ${cell(sectionLabel(check.section))}): ${cell(headline(check))}`,
  ];
  const curl = check.curl[0];
  if (curl !== undefined) lines.push('', '  Reproduce with:', '', '  ```sh', `  ${clip(curl, CURL_MAX).replace(/\n/g, ' ')}`, '  ```');
  const replay = checkReplay(results, check);
  lines.push(
    '',
    `  Replay ${replay.scope}${replay.entries !== undefined ? `; ${replay.entries}` : ''}:`,
    '',
    '  ```sh',
    `  ${replay.command}`,
    '  ```',
  );
  lines.push('');
  return lines;
}

/** The step summary: verdict, counts, the failing checks with their reproduce lines, warnings, and the run's footprint. */
export function stepSummary(results: Results): string {
  const s = results.summary;
  const verdict = VERDICT_TEXT[results.verdict];
  // results.json's marker of a run whose settings could not be read: it has no target, seed or replay to show.
  const settingsRead = results.runs > 0;
  const unmasked = unmaskedEvidenceWarning(results);
  // The implementation first, as in every report (identity.ts); then the verdict with its coverage.
  const identity = identityItems(results).filter((item) => item.key !== 'implementation');
  const lines = [
    `## ${cell(implementationLine(results.target.implementation).replace(/^i/, 'I'))}`,
    '',
    `### banklink-conformance: ${verdictWithCoverage(results)}`,
    '',
    ...(unmasked === undefined ? [] : [`> **WARNING: ${unmasked}**`, '']),
    verdict.sentence,
    '',
    ...(settingsRead
      ? identity.map((item) => `- ${item.label}: ${cell(item.text)}`)
      : [`Suite ${suiteText(results.suite)}: the settings could not be read, so no target was tested.`]),
    ...(settingsRead && results.only ? [`- Checks asked for: ${results.only.map(code).join(', ')} (--check) and the run-wide checks`] : []),
    '',
  ];
  const why = whyNoVerdict(results);
  if (why !== undefined) lines.push(`**Why there is no verdict:** ${cell(clip(why, 2_000))}`, '');
  if (s.total === 0) lines.push('No check ended: nothing about the target was judged.', '');
  else if (results.verdict === 'interrupted') lines.push(`Only the ${s.total} check(s) that ended before the run stopped are counted.`, '');
  if (results.verdict === 'conformant' && results.coverage.status === 'reduced')
    lines.push(`Conformant for what the run could check: coverage ${results.coverage.text}.`, '');
  if (s.total > 0)
    lines.push(
      '| pass | fail | warn | skip | inconclusive | total |',
      '|---:|---:|---:|---:|---:|---:|',
      `| ${s.pass} | ${s.fail} | ${s.warn} | ${s.skip} | ${s.inconclusive} | ${s.total} |`,
      '',
    );
  const notRun = notRunText(results.coverage);
  if (s.total > 0 && notRun !== undefined) lines.push(`${notRun}: the table counts only the checks that ran.`, '');

  const failing = results.checks.filter((c) => c.outcome === 'fail');
  if (failing.length > 0) {
    lines.push('### Failing checks', '');
    let used = 0;
    for (const [index, check] of failing.entries()) {
      const block = failureBlock(check, results);
      used += block.reduce((sum, line) => sum + line.length + 1, 0);
      if (used > DETAIL_BUDGET && index > 0) {
        lines.push(
          `- and ${failing.length - index} more: ${failing
            .slice(index)
            .map((c) => code(c.id))
            .join(', ')} (report.md has them all)`,
          '',
        );
        break;
      }
      lines.push(...block);
    }
  }
  const warned = results.checks.filter((c) => c.outcome === 'warn');
  if (warned.length > 0) {
    lines.push(`### Warnings (conventions where the spec is silent${results.strict ? '; they fail the run under --strict' : ''})`, '');
    for (const check of warned) lines.push(`- ${code(check.id)}: ${cell(clip(headline(check), 300))}`);
    lines.push('');
  }
  const inconclusive = results.checks.filter((c) => c.outcome === 'inconclusive');
  if (inconclusive.length > 0) {
    lines.push('### Inconclusive (the check could not look)', '');
    for (const check of inconclusive) lines.push(`- ${code(check.id)}: ${cell(clip(check.message, 300))}`);
    lines.push('');
  }
  lines.push('### Footprint on the target', '', ...footprint(results), '');
  if (settingsRead) lines.push(`Replay: ${code(replayCommand(results))} ${replayNote(results)}`.trimEnd(), '');
  return `${lines.join('\n')}\n`;
}

/** The annotations: one `::error` a failing check, one `::warning` a warning, and one `::error` for a run without a verdict. */
export function annotations(results: Results): { kind: 'error' | 'warning'; title: string; message: string }[] {
  const out: { kind: 'error' | 'warning'; title: string; message: string }[] = [];
  for (const check of results.checks) {
    if (check.outcome !== 'fail' && check.outcome !== 'warn') continue;
    const where = `requirement ${check.requirement} (${check.level}), ${sectionLabel(check.section)}`;
    const curl = check.curl[0];
    out.push({
      kind: check.outcome === 'fail' ? 'error' : 'warning',
      title: `${check.outcome.toUpperCase()} ${check.id}`,
      message: [
        headline(check),
        where,
        ...(curl !== undefined ? [`Reproduce with: ${clip(curl, CURL_MAX)}`] : []),
        `Replay: ${checkReplay(results, check).command}`,
      ].join('\n'),
    });
  }
  const why = whyNoVerdict(results);
  if (why !== undefined)
    out.push({ kind: 'error', title: `banklink-conformance ${VERDICT_TEXT[results.verdict].label}`, message: clip(why, 2_000) });
  return out;
}

export interface GithubActionsOutput {
  env: NodeJS.ProcessEnv;
  /** Where the annotations are printed: the step's stdout, which the runner reads for workflow commands. */
  print: (line: string) => void;
  /** Told, in one sentence, when the summary file cannot be written (the run's outcome stands without it). */
  warn: (sentence: string) => void;
}

/** Under GitHub Actions: append the summary to $GITHUB_STEP_SUMMARY and print the annotations; elsewhere, nothing. */
export function reportToGithubActions(results: Results, redactor: Redactor, output: GithubActionsOutput): void {
  if (!underGithubActions(output.env)) return;
  const summaryFile = output.env.GITHUB_STEP_SUMMARY;
  if (summaryFile) {
    try {
      appendFileSync(summaryFile, redactor.text(stepSummary(results)));
    } catch (error) {
      output.warn(
        `could not append the summary to $GITHUB_STEP_SUMMARY (${(error as NodeJS.ErrnoException).code ?? 'error'}); report.md has it`,
      );
    }
  }
  // Redacted before escaping: a token is found as it was sent, not as its escaped spelling.
  for (const { kind, title, message } of annotations(results))
    output.print(workflowCommand(kind, redactor.text(title), redactor.text(message)));
}
