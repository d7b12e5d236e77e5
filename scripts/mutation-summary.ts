/**
 * After `stryker run` (npm run mutation): first Stryker's own score over the reference's request path
 * (killed and timed out over valid mutants, survived and uncovered included, Ignored excluded and
 * counted by reason), then the figures per file, then every survivor with its place and what the
 * differential probe saw it do (probes.json beside the report, scripts/mutation-probe.ts). A survivor
 * is either a named blind spot (the table of docs/mutation.md, "Blind spots": a catalog fault shows
 * the gap, and the table says why no black-box client can see it) or work left: a general method
 * that kills it. Under the goal, exit 1.
 *
 *   node --import tsx scripts/mutation-summary.ts [reports/mutation/mutation.json] [docs/mutation.md]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ProbeRecord } from './mutation-probe.js';

/** Stryker's break threshold in stryker.config.json is the same number. */
export const GOAL = 90;

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

/**
 * A row of the blind-spot table: which survivor (file, a fragment of its line, mutator, replacement),
 * the fault that shows it (a blind spot of the catalog, src/lab/faults/blind-spots.ts, which the fault
 * matrix proves changes answers yet is judged conformant), and why.
 */
export interface BlindSpot {
  file: string;
  line: string;
  mutator: string;
  replacement: string;
  fault: string;
  why: string;
}

/** The rows of the "Blind spots" table of docs/mutation.md. */
export function blindSpotsOf(markdown: string): BlindSpot[] {
  const section = markdown.split(/^## Blind spots$/m)[1]?.split(/^## /m)[0] ?? '';
  const cells = (row: string): string[] =>
    row
      .trim()
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim().replace(/\\\|/g, '|').replace(/^`|`$/g, ''));
  return section
    .split('\n')
    .filter((row) => row.startsWith('| `src/'))
    .map(cells)
    .map(([file = '', line = '', mutator = '', replacement = '', fault = '', why = '']) => ({
      file,
      line,
      mutator,
      replacement,
      fault,
      why,
    }));
}

const DETECTED = new Set(['Killed', 'Timeout']);
const JUDGED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

/** The kind of reason an Ignored mutant carries. */
function ignoredKind(reason: string | undefined): string {
  if (reason === undefined) return 'other';
  if (reason.startsWith('hook wiring')) return 'hook wiring';
  if (reason.startsWith('error text') || reason.includes('message')) return 'error text';
  if (/equivalent/i.test(reason)) return 'equivalent';
  return 'other';
}

function percent(detected: number, judged: number): string {
  return judged === 0 ? 'n/a' : `${((100 * detected) / judged).toFixed(1)}%`;
}

/** What the probe saw the survivor do, in one line. */
function probeLine(probe: ProbeRecord | undefined): string {
  if (probe === undefined) return 'probe: none (uncovered by the judged runs, or a report older than the probe)';
  const [error] = probe.serverErrors;
  if (error !== undefined)
    return `probe: 5xx (a defect no check saw): ${error.request} -> ${error.answer.slice(0, 100)}${probe.serverErrors.length > 1 ? ` (and ${probe.serverErrors.length - 1} more)` : ''}`;
  const [difference] = probe.differences;
  if (difference !== undefined)
    return `probe: ${probe.differences.length} of ${probe.valid} valid answers differ, e.g. ${difference.request}: mutant ${difference.subject.slice(0, 90)} | reference ${difference.baseline.slice(0, 90)}`;
  return `probe: no 5xx, and none of ${probe.valid} valid answers differs${probe.static ? ' (a static mutant: only a 5xx would tell)' : ''}`;
}

function main(): void {
  const file = process.argv[2] ?? 'reports/mutation/mutation.json';
  const docs = process.argv[3] ?? 'docs/mutation.md';
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const probesFile = join(dirname(file), 'probes.json');
  const probes = existsSync(probesFile) ? (JSON.parse(readFileSync(probesFile, 'utf8')) as Record<string, ProbeRecord>) : {};
  const blindSpots = existsSync(docs) ? blindSpotsOf(readFileSync(docs, 'utf8')) : [];

  const rows: string[][] = [['file', 'killed', 'timeout', 'survived', 'ignored', 'score']];
  const total = { killed: 0, timeout: 0, survived: 0, ignored: 0 };
  const ignoredBy = new Map<string, number>();
  const survivors: string[] = [];
  let named = 0;
  for (const [name, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    const count = (status: string): number => mutants.filter((m) => m.status === status).length;
    const killed = count('Killed');
    const timeout = count('Timeout');
    const surviving = mutants.filter((m) => JUDGED.has(m.status) && !DETECTED.has(m.status));
    const ignored = count('Ignored');
    for (const m of mutants.filter((x) => x.status === 'Ignored'))
      ignoredBy.set(ignoredKind(m.statusReason), (ignoredBy.get(ignoredKind(m.statusReason)) ?? 0) + 1);
    total.killed += killed;
    total.timeout += timeout;
    total.survived += surviving.length;
    total.ignored += ignored;
    rows.push([
      name,
      String(killed),
      String(timeout),
      String(surviving.length),
      String(ignored),
      percent(killed + timeout, killed + timeout + surviving.length),
    ]);
    const lines = source.split('\n');
    for (const m of surviving) {
      const { start } = m.location;
      const code = (lines[start.line - 1] ?? '').trim();
      const replacement = m.replacement ?? '';
      const said = `${name}:${start.line}:${start.column} ${m.mutatorName} (${m.status}): ${code.slice(0, 100)}  ->  ${replacement.replace(/\s+/g, ' ').slice(0, 60)}`;
      // A probe of another run's mutant with the same id does not count.
      const found = probes[m.id];
      const probe =
        found !== undefined &&
        found.file === name &&
        found.line === start.line &&
        found.mutator === m.mutatorName &&
        found.replacement === replacement
          ? found
          : undefined;
      const spot = blindSpots.find(
        (b) => b.file === name && code.includes(b.line) && b.mutator === m.mutatorName && b.replacement === replacement,
      );
      if (spot !== undefined) named += 1;
      const what =
        spot !== undefined
          ? `blind spot (docs/mutation.md), shown by ${spot.fault}`
          : 'not named: kill it with a general method, or name it as a blind spot';
      survivors.push(`${said}\n      ${what}\n      ${probeLine(probe)}`);
    }
  }
  rows.push([
    'all',
    String(total.killed),
    String(total.timeout),
    String(total.survived),
    String(total.ignored),
    percent(total.killed + total.timeout, total.killed + total.timeout + total.survived),
  ]);

  const detected = total.killed + total.timeout;
  const valid = detected + total.survived;
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  console.log(
    `Mutation score over the request path (Stryker's: killed and timed out over valid mutants, Ignored excluded): ${detected} of ${valid}, ${score.toFixed(1)}% (goal ${GOAL}%)${score >= GOAL ? '' : ': BELOW THE GOAL'}\n`,
  );
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n'));
  console.log(`\nIgnored, by reason: ${[...ignoredBy].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  console.log(`Survivors (${survivors.length}: ${named} named blind spots, ${survivors.length - named} not named)`);
  for (const line of survivors) console.log(`  ${line}`);
  if (score < GOAL) process.exitCode = 1;
}

if (process.argv[1]?.endsWith('mutation-summary.ts')) main();
