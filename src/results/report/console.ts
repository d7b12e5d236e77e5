/**
 * The one-screen summary at the end of a run: who and what was tested (the implementation first),
 * each fail with its requirement and reason, then the verdict with its coverage and the counts.
 */
import { citedRequirement } from './cited-requirement.js';
import { headline } from './headline.js';
import type { Comparison } from '../compare/diff.js';
import { sinceBaselineText } from '../compare/render.js';
import type { Results } from '../results.js';
import { notRunText } from '../coverage.js';
import { identityItems, implementationLine, verdictWithCoverage } from './identity.js';
import { conditionLines } from './run-conditions.js';
import { unmaskedEvidenceWarning } from './unmasked-evidence.js';
import { checkReplay, createdSummary, curlShellNote, replayCommand, replayNote, valueClassesLine } from './wording.js';
import { wrapText } from './wrap.js';

/** Wide enough for a sentence, narrow enough for a CI log viewer. */
const WIDTH = 110;

/** A label and its text on one line, the rest of the text wrapped under it. */
function labelled(label: string, text: string): string[] {
  const [first = '', ...rest] = wrapText(text, WIDTH, '');
  return [`${label} ${first}`, ...rest.map((line) => `     ${line}`)];
}

export interface Paint {
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  bold(text: string): string;
}

/** Colour only on a terminal, never in CI logs or files (NO_COLOR honoured). */
export function paintFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): Paint {
  const on = Boolean(stream.isTTY) && env.NO_COLOR === undefined && env.CI === undefined && env.TERM !== 'dumb';
  const wrap = (code: number) => (text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);
  return { red: wrap(31), green: wrap(32), yellow: wrap(33), bold: wrap(1) };
}

export function summaryText(results: Results, paint: Paint, reportFiles: string[], sinceBaseline?: Comparison): string {
  const s = results.summary;
  const lines: string[] = [''];
  // Never wrapped: a digest or a coverage sentence cut across lines can no longer be searched for in a log.
  for (const item of identityItems(results))
    lines.push(
      item.key === 'implementation'
        ? paint.bold(implementationLine(results.target.implementation))
        : `${item.label.toLowerCase()}: ${item.text}`,
    );
  // First and last: a long list of failures must not scroll the warning out of sight.
  const unmasked = unmaskedEvidenceWarning(results);
  if (unmasked !== undefined) lines.push(...labelled(paint.red(paint.bold('WARNING')), unmasked), '');
  for (const check of results.checks.filter((c) => c.outcome === 'fail')) {
    const cited = citedRequirement(check);
    lines.push(`${paint.red('FAIL')} ${check.id}  [${cited.id}, section ${cited.section}]`);
    lines.push(...wrapText(headline(check), WIDTH, '     '));
    if (headline(check) !== check.message) lines.push(...wrapText(check.message, WIDTH, '     '));
    // A curl line cut short no longer runs: it is printed whole (its body is bounded by what the check sent).
    if (check.curl[0]) lines.push(`     reproduce: ${check.curl[0]}`);
    // A walk or a sequence is not one request: the check itself is sent again, with the run's seed.
    if (!check.runWide) lines.push(`     replay check: ${checkReplay(results, check).command}`);
  }
  const shellNote = curlShellNote(results);
  if (shellNote !== undefined && results.checks.some((c) => c.outcome === 'fail' && c.curl.length > 0))
    lines.push(...wrapText(`${shellNote.text}:`, WIDTH, '     '), `       ${shellNote.command}`);
  for (const check of results.checks.filter((c) => c.outcome === 'inconclusive')) {
    lines.push(...labelled(paint.yellow('INCONCLUSIVE'), `${check.id}: ${check.message}`));
  }
  for (const error of results.errors.slice(0, 5)) lines.push(...labelled(paint.red('ERROR'), error));
  if (sinceBaseline) lines.push(...sinceBaselineText(sinceBaseline));
  const outcomes = `${s.pass} pass, ${s.fail} fail, ${s.warn} warn, ${s.skip} skip, ${s.inconclusive} inconclusive`;
  const notRun = notRunText(results.coverage);
  // Checks the run never started are counted as not run, apart from the skipped ones (a skip is a check that looked and could not).
  const counts =
    notRun === undefined
      ? `${outcomes} (${s.total} checks, ${(results.durationMs / 1000).toFixed(1)} s, seed ${results.seed})`
      : `${outcomes}, ${notRun}; ${s.total} checks ran, ${(results.durationMs / 1000).toFixed(1)} s, seed ${results.seed}`;
  const line = verdictWithCoverage(results);
  const verdict =
    results.verdict === 'conformant' && results.coverage.status === 'complete'
      ? paint.green(line)
      : results.verdict === 'non-conformant'
        ? paint.red(line)
        : paint.yellow(line);
  lines.push('', `${paint.bold('verdict:')} ${verdict}  ${counts}`);
  const warned = results.checks.filter((c) => c.outcome === 'warn');
  if (results.strict) {
    // Under --strict a warning fails the run, so each is named like a failure.
    for (const check of warned) {
      const cited = citedRequirement(check);
      lines.push(
        `${paint.yellow('WARN')} ${check.id}  [${cited.id}, section ${cited.section}] (fails the run: --strict)`,
        ...wrapText(check.message, WIDTH, '     '),
      );
    }
  } else if (s.warn > 0) {
    lines.push(`${s.warn} warning(s): conventions where the spec is silent: ${warned.map((c) => c.id).join(', ')}; see report.md`);
  }
  const untestedMust = results.requirements.filter((r) => r.outcome === 'untested' && r.level === 'MUST');
  // A shard (or --check) leaves the other checks' requirements untested by design: the merged report says what is.
  if (untestedMust.length > 0 && !results.shard && !results.only)
    lines.push(`untested MUST requirement(s): ${untestedMust.map((r) => r.id).join(', ')}`);
  lines.push(...conditionLines(results));
  if (results.created.length > 0) lines.push(`${createdSummary(results)}; created.json lists each with its caller, User and check`);
  const classes = valueClassesLine(results);
  if (classes !== undefined) lines.push(classes);
  if (results.verdict !== 'conformant') lines.push(`replay: ${replayCommand(results)} ${replayNote(results)}`.trimEnd());
  lines.push(`reports: ${reportFiles.join(', ')}`);
  if (unmasked !== undefined) lines.push(...labelled(paint.red(paint.bold('WARNING')), unmasked));
  return lines.join('\n');
}
