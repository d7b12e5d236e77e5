/**
 * What went wrong, in one line, made from a check's first finding: what was expected, what was seen
 * and where (the request that showed it). A failure is read by this line first; the check's title
 * says what the check proves, which is not the same thing.
 */
import type { Finding } from '../../contract/checks/types.js';
import type { CheckRecord } from '../results.js';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** METHOD /path?query of the exchange a finding pins, when the check kept it. */
export function whereOf(check: Pick<CheckRecord, 'exchanges'>, finding: Finding): string | undefined {
  const exchange = check.exchanges.find((e) => e.seq === finding.exchange);
  if (exchange === undefined) return undefined;
  try {
    const url = new URL(exchange.url);
    return `${exchange.method} ${url.pathname}${url.search}`;
  } catch {
    return `${exchange.method} ${exchange.url}`;
  }
}

/** The finding a failure is headed by: the first of the check's own severity. */
export function leadingFinding(check: Pick<CheckRecord, 'outcome' | 'findings'>): Finding | undefined {
  return check.findings.find((f) => f.severity === check.outcome) ?? check.findings[0];
}

/**
 * How often the finding's request drew it, when the run sent that request more than once: "5 of the 15
 * identical requests of the run were answered so" is an intermittent defect, which a single replay may miss.
 */
export function recurrenceText(finding: Finding): string | undefined {
  const r = finding.recurrence;
  if (r === undefined || r.sent < 2) return undefined;
  return r.times >= r.sent
    ? `each of the ${r.sent} identical requests of the run was answered so`
    : `intermittent: ${r.times} of the ${r.sent} identical requests of the run ${r.times === 1 ? 'was' : 'were'} answered so, the others otherwise`;
}

export function headline(check: Pick<CheckRecord, 'outcome' | 'findings' | 'exchanges' | 'message'>, max = 200): string {
  const finding = leadingFinding(check);
  if (finding === undefined) return clip(oneLine(check.message), max);
  const where = whereOf(check, finding);
  const at = where !== undefined ? ` at ${where}` : '';
  const what =
    finding.expected !== undefined && finding.actual !== undefined
      ? `expected ${clip(oneLine(finding.expected), 70)}, saw ${clip(oneLine(finding.actual), 70)}`
      : oneLine(finding.message);
  // Said in the headline only when intermittent: whoever replays the curl line once may see a good answer.
  const intermittent = finding.recurrence !== undefined && finding.recurrence.times < finding.recurrence.sent;
  const recurrence = intermittent ? ` (${finding.recurrence?.times} of ${finding.recurrence?.sent} identical requests)` : '';
  // The request and the recurrence outlast a long message: they are what a reader replays.
  return `${clip(what, Math.max(40, max - at.length - recurrence.length))}${at}${recurrence}`;
}

/** A finding and how many times the check reported it word for word (same message, values and requirements). */
export interface MergedFinding {
  finding: Finding;
  count: number;
}

/** Findings said word for word more than once, merged into one with its count; the first exchange stays its evidence. */
export function mergedFindings(findings: readonly Finding[]): MergedFinding[] {
  const byKey = new Map<string, MergedFinding>();
  for (const finding of findings) {
    const key = JSON.stringify([finding.severity, finding.message, finding.expected, finding.actual, finding.requirements]);
    const seen = byKey.get(key);
    if (seen) seen.count += 1;
    else byKey.set(key, { finding, count: 1 });
  }
  return [...byKey.values()];
}
