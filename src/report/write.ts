/**
 * Writes the four reports into the report directory; a last pass replaces any secret that slipped in.
 * Each file is written aside and renamed into place, so a reader never sees a half-written report.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Comparison } from '../compare/diff.js';
import type { Redactor } from '../http/redact.js';
import { toHtml } from './html.js';
import { toJunit } from './junit.js';
import { toMarkdown } from './markdown.js';
import type { Results } from '../results/results.js';

/** sinceBaseline: the comparison with a --baseline run, added to report.md and report.html. */
export function writeReports(dir: string, results: Results, redactor: Redactor, sinceBaseline?: Comparison): string[] {
  mkdirSync(dir, { recursive: true });
  const files: [string, string][] = [
    ['results.json', `${JSON.stringify(results, null, 2)}\n`],
    ['junit.xml', toJunit(results)],
    ['report.md', toMarkdown(results, sinceBaseline)],
    ['report.html', toHtml(results, sinceBaseline)],
  ];
  for (const [name, text] of files) {
    const aside = join(dir, `.${name}.${process.pid}.partial`);
    writeFileSync(aside, redactor.text(text));
    renameSync(aside, join(dir, name));
  }
  return files.map(([name]) => join(dir, name));
}
