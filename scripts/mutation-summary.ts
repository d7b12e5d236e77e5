/**
 * After `stryker run` (npm run mutation): the score of reports/mutation/mutation.json per file, the
 * Ignored mutants by reason (error text, the wiring of the hook points, marked in the source), the
 * survivors explained in scripts/mutation-explained.ts by reason, and every survivor that is not,
 * with its place, so each can be killed or explained. The score that counts is Stryker's own, as its
 * users read it: killed and timed out over every valid mutant (survived and uncovered included,
 * Ignored excluded and listed by reason); under 85% (the goal), exit 1. An explanation only ever
 * moves a survivor into a secondary figure, never into the headline.
 *
 *   node --import tsx scripts/mutation-summary.ts [reports/mutation/mutation.json]
 */
import { readFileSync } from 'node:fs';
import { EXPLAINED, REASONS, type ExplainedSurvivor } from './mutation-explained.js';

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

const file = process.argv[2] ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
const DETECTED = new Set(['Killed', 'Timeout']);
const JUDGED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

/** The kind of reason an Ignored mutant carries. */
function ignoredKind(reason: string | undefined): string {
  if (reason === undefined) return 'other';
  if (reason.startsWith('hook wiring')) return 'hook wiring';
  if (reason.startsWith('error text') || reason.includes('message')) return 'error text';
  if (reason.includes('listing lag')) return 'late-listing variation (not judged)';
  if (/equivalent/i.test(reason)) return 'equivalent';
  return 'other';
}

const rows: string[][] = [['file', 'killed', 'timeout', 'survived', 'ignored', 'score']];
const total = { killed: 0, timeout: 0, survived: 0, ignored: 0 };
const ignoredBy = new Map<string, number>();
const survivors: string[] = [];
const GOAL = 85;
/** The key a survivor and an explanation share: file, line text, place, mutator, replacement. */
const keyOf = (e: Omit<ExplainedSurvivor, 'reason'>): string => [e.file, e.code, e.from, e.to, e.mutator, e.replacement].join('|');
const explanations = new Map(EXPLAINED.map((e) => [keyOf(e), e]));
const explainedBy = new Map<string, number>();
const usedExplanations = new Set<string>();
let blindSpots = 0;
for (const [name, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const count = (status: string): number => mutants.filter((m) => m.status === status).length;
  const killed = count('Killed');
  const timeout = count('Timeout');
  const survived = mutants.filter((m) => JUDGED.has(m.status) && !DETECTED.has(m.status)).length;
  const ignored = count('Ignored');
  for (const m of mutants.filter((x) => x.status === 'Ignored'))
    ignoredBy.set(ignoredKind(m.statusReason), (ignoredBy.get(ignoredKind(m.statusReason)) ?? 0) + 1);
  total.killed += killed;
  total.timeout += timeout;
  total.survived += survived;
  total.ignored += ignored;
  rows.push([
    name,
    String(killed),
    String(timeout),
    String(survived),
    String(ignored),
    percent(killed + timeout, killed + timeout + survived),
  ]);
  const lines = source.split('\n');
  for (const m of mutants.filter((x) => JUDGED.has(x.status) && !DETECTED.has(x.status))) {
    const { start, end } = m.location;
    const key = keyOf({
      file: name,
      code: (lines[start.line - 1] ?? '').trim(),
      from: start.column,
      to: `${end.line - start.line}:${end.column}`,
      mutator: m.mutatorName,
      replacement: m.replacement ?? '',
    });
    const explanation = explanations.get(key);
    if (explanation !== undefined) {
      usedExplanations.add(key);
      if (REASONS[explanation.reason].blindSpot) blindSpots += 1;
      else explainedBy.set(explanation.reason, (explainedBy.get(explanation.reason) ?? 0) + 1);
      continue;
    }
    survivors.push(
      `${name}:${start.line}:${start.column} ${m.mutatorName}: ${(lines[start.line - 1] ?? '').trim().slice(0, 100)}  ->  ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60)}`,
    );
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

function percent(detected: number, judged: number): string {
  return judged === 0 ? 'n/a' : `${((100 * detected) / judged).toFixed(1)}%`;
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
console.log(rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n'));
console.log(`\nIgnored, by reason: ${[...ignoredBy].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
const explained = [...explainedBy.values()].reduce((a, b) => a + b, 0);
const detected = total.killed + total.timeout;
console.log(
  `Explained survivors (scripts/mutation-explained.ts), cannot change what the spec states: ${explained}${explained > 0 ? ` (${[...explainedBy].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
);
console.log(`Known blind spots (survive, counted against the score): ${blindSpots}`);
const stale = EXPLAINED.filter((e) => report.files[e.file] !== undefined && !usedExplanations.has(keyOf(e)));
if (stale.length > 0) {
  console.log(
    `Explanations that match no survivor now (killed by a sharper check, or the line changed): re-check and drop or update them:`,
  );
  for (const e of stale) console.log(`  ${e.file}: ${e.code.slice(0, 80)} (${e.mutator} -> ${e.replacement.slice(0, 40)})`);
}
console.log(`Survivors not explained (${survivors.length}): kill each with a sharper check, or explain it`);
for (const line of survivors) console.log(`  ${line}`);
const notExplained = detected + blindSpots + survivors.length;
const secondary = notExplained === 0 ? 100 : (100 * detected) / notExplained;
const valid = detected + total.survived;
const score = valid === 0 ? 100 : (100 * detected) / valid;
console.log(`\nSecondary: killed of what is not explained: ${detected} of ${notExplained}, ${secondary.toFixed(1)}%`);
console.log(
  `Mutation score (Stryker's: killed and timed out over valid mutants, Ignored excluded): ${detected} of ${valid}, ${score.toFixed(1)}% (goal ${GOAL}%)${score >= GOAL ? '' : ': BELOW THE GOAL'}`,
);
if (score < GOAL) process.exitCode = 1;
