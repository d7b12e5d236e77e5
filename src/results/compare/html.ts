/** "Since the baseline" in report.html: the same blocks and words as the console and report.md. */
import { baselineIntro, comparisonBlocks, comparisonHeadline, comparisonNotes, grouped } from './sections.js';
import type { Comparison } from './diff.js';

const esc = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sinceBaselineHtml(c: Comparison): string {
  const parts = [`<section id="since-baseline"><h2>Since the baseline</h2>`, `<p>${esc(baselineIntro(c))}</p>`];
  for (const note of comparisonNotes(c)) parts.push(`<p class="note">${esc(note)}</p>`);
  for (const block of comparisonBlocks(c)) {
    parts.push(`<h3>${esc(block.title)} (${block.lines.length})</h3><ul>`);
    for (const [group, texts] of grouped(block))
      parts.push(`<li>${esc(group)}<ul>${texts.map((t) => `<li><code>${esc(t)}</code></li>`).join('')}</ul></li>`);
    parts.push('</ul>');
  }
  if (c.changes.length === 0 && c.requirementChanges.length === 0) parts.push('<p>No check changed its outcome.</p>');
  parts.push(`<p>${esc(comparisonHeadline(c))}.</p></section>`);
  return parts.join('\n');
}
