/**
 * Writes the four reports into the report directory; a last pass replaces any secret that slipped in.
 * Each file is written aside and renamed into place, so a reader never sees a half-written report.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { TrafficRecord } from '../../http/traffic-record.js';
import { toHar } from './har.js';
import type { Comparison } from '../compare/diff.js';
import type { Redactor } from '../../http/redact.js';
import { toHtml } from './html.js';
import { toJunit } from './junit.js';
import { toMarkdown } from './markdown.js';
import type { Results } from '../results.js';

/** The run's traffic for its HAR: the records of every exchange, how many were past the bound, and where it goes. */
export interface TrafficForHar {
  records: readonly TrafficRecord[];
  dropped: number;
  path: string;
}

/** The HAR's default place: beside the other reports. */
export const HAR_FILE = 'traffic.har';

/** Where the HAR goes (--har, relative to the working directory; else beside the reports) and how results.json names it. */
export function harPlace(reportDir: string, given: string | undefined): { path: string; name: string } {
  const path = given !== undefined ? resolve(given) : join(reportDir, HAR_FILE);
  const inside = relative(reportDir, path);
  return { path, name: inside.startsWith('..') || isAbsolute(inside) ? path : inside };
}

/**
 * sinceBaseline: the comparison with a --baseline run, added to report.md and report.html. traffic:
 * the HAR's content; absent (a run that ended before its checks), an earlier run's HAR is removed
 * from the directory, so it is never taken for this run's traffic.
 */
export function writeReports(
  dir: string,
  results: Results,
  redactor: Redactor,
  sinceBaseline?: Comparison,
  traffic?: TrafficForHar,
): string[] {
  mkdirSync(dir, { recursive: true });
  if (traffic === undefined) rmSync(join(dir, HAR_FILE), { force: true });
  const files: [string, string][] = [
    ['results.json', `${JSON.stringify(results, null, 2)}\n`],
    ['junit.xml', toJunit(results)],
    ['report.md', toMarkdown(results, sinceBaseline)],
    ['report.html', toHtml(results, sinceBaseline)],
  ];
  if (traffic !== undefined)
    files.push([resolve(dir, traffic.path), `${JSON.stringify(toHar(results, traffic.records, traffic.dropped), null, 1)}\n`]);
  for (const [name, text] of files) {
    const target = resolve(dir, name);
    mkdirSync(dirname(target), { recursive: true });
    const aside = join(dirname(target), `.${target.slice(dirname(target).length + 1)}.${process.pid}.partial`);
    writeFileSync(aside, redactor.text(text));
    renameSync(aside, target);
  }
  return files.map(([name]) => resolve(dir, name));
}
