/**
 * After `stryker run` (npm run mutation): the score of reports/mutation/mutation.json per file, the
 * Ignored mutants by reason (error text, the wiring of the hook points, marked in the source), the
 * survivors explained in scripts/mutation-explained.ts by reason, and every survivor that is not,
 * with its place, so each can be killed or explained. The score that counts is Stryker's own, as its
 * users read it: killed and timed out over every valid mutant (survived and uncovered included,
 * Ignored excluded and listed by reason); under 85% (the goal), exit 1. An explanation only ever
 * moves a survivor into a secondary figure, never into the headline.
 *
 * An explanation is held to the differential probe of its mutant (probes.json beside the report,
 * scripts/mutation-probe.ts): it is refused, and the survivor counted and printed as not explained
 * with what the probe saw, when the mutant answered any request 5xx (or not at all), or when its
 * reason claims no difference and a valid request's answer differs. Without a probe of the mutant
 * (a report older than the probe) the explanation stands but is counted as not checked.
 *
 *   node --import tsx scripts/mutation-summary.ts [reports/mutation/mutation.json]
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXPLAINED, REASONS, type Claim, type ExplainedSurvivor } from './mutation-explained.js';
import type { ProbeRecord } from './mutation-probe.js';

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
const probesFile = join(dirname(file), 'probes.json');
const probes = existsSync(probesFile) ? (JSON.parse(readFileSync(probesFile, 'utf8')) as Record<string, ProbeRecord>) : {};
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
let refused = 0;
const unchecked: string[] = [];

/** Why the probe refuses an explanation with this claim, or undefined when the explanation stands. */
function refusal(claim: Claim, probe: ProbeRecord): string | undefined {
  const [error] = probe.serverErrors;
  if (error !== undefined)
    return `5xx, never explainable: ${error.request} -> ${error.answer.slice(0, 100)}${probe.serverErrors.length > 1 ? ` (and ${probe.serverErrors.length - 1} more)` : ''}`;
  const [difference] = probe.differences;
  if (claim === 'no difference' && !probe.static && difference !== undefined)
    return `claims no difference, but ${difference.request} differs (${probe.differences.length} of ${probe.valid} valid): mutant ${difference.subject.slice(0, 110)} | reference ${difference.baseline.slice(0, 110)}`;
  return undefined;
}
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
    const place = `${name}:${start.line}:${start.column} ${m.mutatorName}`;
    const said = `${place}: ${(lines[start.line - 1] ?? '').trim().slice(0, 100)}  ->  ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60)}`;
    // A probe of another run's mutant with the same id does not count.
    const found = probes[m.id];
    const probe =
      found !== undefined &&
      found.file === name &&
      found.line === start.line &&
      found.mutator === m.mutatorName &&
      found.replacement === (m.replacement ?? '')
        ? found
        : undefined;
    const explanation = explanations.get(key);
    if (explanation !== undefined) {
      usedExplanations.add(key);
      const { claim } = REASONS[explanation.reason];
      const refused_ = probe === undefined ? undefined : refusal(claim, probe);
      if (refused_ !== undefined) {
        refused += 1;
        survivors.push(`${said}\n      explanation '${explanation.reason}' refused: ${refused_}`);
        continue;
      }
      if (probe === undefined || (probe.static && claim === 'no difference')) unchecked.push(place);
      if (claim === 'blind spot') blindSpots += 1;
      else explainedBy.set(explanation.reason, (explainedBy.get(explanation.reason) ?? 0) + 1);
      continue;
    }
    const [error] = probe?.serverErrors ?? [];
    survivors.push(error === undefined ? said : `${said}\n      probe: 5xx: ${error.request} -> ${error.answer.slice(0, 100)}`);
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
console.log(
  `Explanations refused by the differential probe (reports/mutation/probes.json: a 5xx, or a difference where none is claimed): ${refused}`,
);
if (unchecked.length > 0)
  console.log(
    `Explanations not checked (no probe of the mutant: a report older than the probe; or a static mutant claiming no difference): ${unchecked.length}: ${unchecked.slice(0, 4).join(', ')}${unchecked.length > 4 ? ', …' : ''}`,
  );
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
