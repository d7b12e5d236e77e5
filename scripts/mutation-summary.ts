/**
 * After `stryker run` (npm run mutation): the score of reports/mutation/mutation.json per file, the
 * Ignored mutants by reason (code only a fault reaches, a fault's switch, error text, marked in the
 * source), and every survivor with its place, so each can be killed or explained.
 *
 *   node --import tsx scripts/mutation-summary.ts [reports/mutation/mutation.json]
 */
import { readFileSync } from 'node:fs';

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const file = process.argv[2] ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
const DETECTED = new Set(['Killed', 'Timeout']);
const JUDGED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

/** The kind of reason an Ignored mutant carries. */
function ignoredKind(reason: string | undefined): string {
  if (reason === undefined) return 'other';
  if (reason.includes('fault switch')) return 'fault switch';
  if (reason.includes('fault-only')) return 'fault-only';
  if (reason.startsWith('error text') || reason.includes('message')) return 'error text';
  if (reason.includes('listing lag')) return 'late-listing variation (not judged)';
  if (/equivalent/i.test(reason)) return 'equivalent';
  return 'other';
}

const rows: string[][] = [['file', 'killed', 'timeout', 'survived', 'ignored', 'score']];
const total = { killed: 0, timeout: 0, survived: 0, ignored: 0 };
const ignoredBy = new Map<string, number>();
const survivors: string[] = [];
for (const [name, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const count = (status: string): number => mutants.filter((m) => m.status === status).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = mutants.filter((m) => JUDGED.has(m.status) && !DETECTED.has(m.status)).length;
  const ignored = count('Ignored');
  for (const m of mutants.filter((x) => x.status === 'Ignored')) ignoredBy.set(ignoredKind(m.statusReason), (ignoredBy.get(ignoredKind(m.statusReason)) ?? 0) + 1);
  total.killed += killed;
  total.timeout += timeout;
  total.survived += survived;
  total.ignored += ignored;
  rows.push([name, String(killed), String(timeout), String(survived), String(ignored), percent(killed + timeout, killed + timeout + survived)]);
  const lines = source.split('\n');
  for (const m of mutants.filter((x) => JUDGED.has(x.status) && !DETECTED.has(x.status))) {
    const { line, column } = m.location.start;
    survivors.push(`${name}:${line}:${column} ${m.mutatorName}: ${(lines[line - 1] ?? '').trim().slice(0, 100)}  ->  ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60)}`);
  }
}
rows.push(['all', String(total.killed), String(total.timeout), String(total.survived), String(total.ignored), percent(total.killed + total.timeout, total.killed + total.timeout + total.survived)]);

function percent(detected: number, judged: number): string {
  return judged === 0 ? 'n/a' : `${((100 * detected) / judged).toFixed(1)}%`;
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n'));
console.log(`\nIgnored, by reason: ${[...ignoredBy].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
console.log(`Survivors (${survivors.length}): each is killed by a sharper check or explained (README, "Mutation testing")`);
for (const s of survivors) console.log(`  ${s}`);
