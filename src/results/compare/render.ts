/** A comparison as plain text (the console) and as Markdown (compare.md, report.md). */
import { baselineIntro, comparisonBlocks, comparisonHeadline, comparisonNotes, grouped } from './sections.js';
import type { Comparison, RunIdentity } from './diff.js';

const runLine = (role: string, run: RunIdentity, file?: string): string =>
  `${role} ${file ? `${file} ` : ''}(suite ${run.suiteVersion}${run.startedAt ? `, ${run.startedAt}` : ''}${run.verdict ? `, ${run.verdict}` : ''}${run.target ? `, ${run.target}` : ''})`;

/** The body shared by the compare command and the console's "Since the baseline". */
export function comparisonText(c: Comparison): string[] {
  const lines = comparisonNotes(c).map((note) => `note: ${note}`);
  for (const block of comparisonBlocks(c)) {
    lines.push(`${block.title} (${block.lines.length}):`);
    for (const [group, texts] of grouped(block)) {
      lines.push(`  ${group}`);
      for (const text of texts) lines.push(`    ${text}`);
    }
  }
  if (c.changes.length === 0 && c.requirementChanges.length === 0) lines.push('No check changed its outcome.');
  lines.push(comparisonHeadline(c));
  return lines;
}

export function compareCommandText(c: Comparison, files: { old: string; new: string }): string {
  return [runLine('OLD', c.old, files.old), runLine('NEW', c.new, files.new), '', ...comparisonText(c)].join('\n');
}

const code = (text: string): string => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);
/** Ids are wrapped as code; the rest of a line stays text on one line, with no HTML tag opened by a message. */
const mdLine = (text: string): string => {
  const match = /^(\S+?)(:| \()(.*)$/s.exec(text);
  const safe = (s: string): string => s.replace(/\s+/g, ' ').replace(/</g, '&lt;');
  return match ? `${code(match[1] as string)}${safe(`${match[2]}${match[3]}`)}` : safe(text);
};

/** Markdown blocks under a heading of the given level: compare.md uses ##, report.md ###. */
export function comparisonMarkdown(c: Comparison, headingLevel: number): string[] {
  const hashes = '#'.repeat(headingLevel);
  const lines: string[] = [];
  for (const note of comparisonNotes(c)) lines.push(`> ${note}`, '');
  for (const block of comparisonBlocks(c)) {
    lines.push(`${hashes} ${block.title} (${block.lines.length})`, '');
    for (const [group, texts] of grouped(block)) {
      lines.push(`- **${group}**`);
      for (const text of texts) lines.push(`  - ${mdLine(text)}`);
    }
    lines.push('');
  }
  if (c.changes.length === 0 && c.requirementChanges.length === 0) lines.push('No check changed its outcome.', '');
  lines.push(`_${comparisonHeadline(c)}._`, '');
  return lines;
}

export function compareMarkdown(c: Comparison, files: { old: string; new: string }): string {
  const verdict =
    c.regressions > 0
      ? `**${c.regressions} regression(s)**: checks that did not fail in OLD fail in NEW.`
      : '**No regression**: no check that passed in OLD fails in NEW.';
  return [
    '# banklink-conformance: what changed between two runs',
    '',
    verdict,
    '',
    `- ${runLine('OLD', c.old, code(files.old))}`,
    `- ${runLine('NEW', c.new, code(files.new))}`,
    '',
    ...comparisonMarkdown(c, 2),
  ].join('\n');
}

/** report.md's "Since the baseline" section. */
export function sinceBaselineMarkdown(c: Comparison): string[] {
  return ['## Since the baseline', '', baselineIntro(c), '', ...comparisonMarkdown(c, 3)];
}

/** The console summary's "Since the baseline" lines. */
export function sinceBaselineText(c: Comparison): string[] {
  return ['', 'Since the baseline:', baselineIntro(c), ...comparisonText(c)];
}
