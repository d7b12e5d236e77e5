/**
 * What the target made of the run, in words shared by the console summary, report.md and
 * report.html: how its throttling paced the run, and how late it listed writes (--settle-ms).
 */
import type { Results } from '../results.js';
import { listSizeLine } from '../growth.js';

/** How the target's throttling shaped the run: only said when it pushed back or a ceiling was set. */
export function trafficLine(results: Results): string | undefined {
  const t = results.traffic;
  if (t === undefined || (t.throttled === 0 && t.ceiling === null)) return undefined;
  const rate = t.adaptiveRate ?? t.ceiling;
  const parts = [`traffic: ${t.requests} requests at ${t.requestsPerSecond}/s`];
  if (t.throttled > 0)
    parts.push(
      `${t.throttled} answered 429, paused ${(t.pausedMs / 1000).toFixed(1)} s in all, rate adapted down to ${t.lowestRate}/s and ended at ${rate}/s`,
    );
  if (t.ceiling !== null) parts.push(`ceiling --rate-limit ${t.ceiling}/s`);
  return parts.join('; ');
}

/** The listing lag observed, against the settle window; said when a write was listed late, or when the absence window was fitted to the lag. */
export function consistencyLine(results: Results): string | undefined {
  const c = results.consistency;
  if (c === undefined) return undefined;
  const lag =
    c.samples === 0 || (c.maxLagMs ?? 0) === 0
      ? undefined
      : `listing lag: writes were listed up to ${c.maxLagMs} ms after their answer (median ${c.medianLagMs} ms over ${c.samples}), settle window --settle-ms ${c.settleMs}`;
  const fitted =
    c.absenceWindowMs === undefined || c.absenceWindowWhy === undefined || c.absenceWindowWhy.startsWith('--settle-ms')
      ? undefined
      : `absence window: ${c.absenceWindowMs} ms after the latest write before an absence is read as final (${c.absenceWindowWhy}; --settle-ms N sets a fixed window)`;
  return [lag, fitted].filter((line) => line !== undefined).join('; ') || undefined;
}

const counted = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([status, n]) => `${n} x ${status}`)
    .join(', ');

/** Transient refusals and dropped connections the client recovered from; only said when there were some. */
export function recoveryLine(results: Results): string | undefined {
  const r = results.traffic?.transient;
  if (r === undefined) return undefined;
  const parts: string[] = [];
  if (Object.keys(r.retried).length > 0) parts.push(`transient refusals sent again after their Retry-After: ${counted(r.retried)}`);
  if (Object.keys(r.persisted).length > 0)
    parts.push(`handed to the checks as the answer (retries spent, or a write not proven unstored): ${counted(r.persisted)}`);
  if (r.connectionResends > 0) parts.push(`${r.connectionResends} request(s) sent again after the server dropped their connection`);
  if (r.storedDespiteRefusal > 0) parts.push(`${r.storedDespiteRefusal} write(s) refused or dropped yet stored (found by listing)`);
  return parts.length === 0 ? undefined : `recoveries: ${parts.join('; ')}`;
}

/** Tokens obtained again from --token-command during the run; only said when there were some. */
export function tokenLine(results: Results): string | undefined {
  const refreshes = results.traffic?.tokenRefreshes;
  if (refreshes === undefined) return undefined;
  const parts = [
    ...(refreshes.a > 0 ? [`the caller's ${refreshes.a} time(s)`] : []),
    ...(refreshes.b > 0 ? [`the second caller's ${refreshes.b} time(s)`] : []),
  ];
  return `tokens: obtained again from the token command (before their told expiry, or after a 401 to a token that had worked): ${parts.join(', ')}`;
}

/** What the request grammars covered: each one's components and classes, pairs covered of pairs total. */
export function grammarLine(results: Results): string | undefined {
  const grammars = results.grammars;
  if (grammars === undefined || grammars.length === 0) return undefined;
  const parts = grammars.map(
    (g) =>
      `${g.grammar} (${g.components.map((c) => `${c.name} ${c.classes}`).join(' x ')}): ${g.covered} of ${g.pairs} pairs in ${g.requests} requests`,
  );
  return `grammar coverage: ${parts.join('; ')}`;
}

/** Lists named in the footprint line at most (largest first); the rest are counted. */
const MAX_LISTS_NAMED = 6;

/** The lists the run walked (largest first) and what the run left behind: growth in sight (issue 55). */
export function footprintLine(results: Results): string | undefined {
  const lists = results.lists ?? [];
  if (lists.length === 0 && results.created.length === 0) return undefined;
  const perUser = new Map<string, number>();
  for (const c of results.created) if (typeof c.user_id === 'string') perUser.set(c.user_id, (perUser.get(c.user_id) ?? 0) + 1);
  const where = [...perUser.entries()].sort((a, b) => b[1] - a[1]).map(([user, n]) => `${n} on User ${user}`);
  const left = `footprint: ${results.created.length} resource(s) created${where.length > 0 ? ` (${where.join(', ')})` : ''}`;
  const named = lists.slice(0, MAX_LISTS_NAMED).map(listSizeLine);
  const more = lists.length > MAX_LISTS_NAMED ? `; ${lists.length - MAX_LISTS_NAMED} smaller list(s)` : '';
  return lists.length === 0 ? left : `${left}; lists walked: ${named.join('; ')}${more}`;
}

/** With --baseline: how each list walked in both runs grew, and when a growing one slows runs or bounds proofs. */
export function growthLine(results: Results): string | undefined {
  const growing = (results.growth ?? []).filter((g) => g.perRun > 0);
  if (growing.length === 0) return undefined;
  const more =
    growing.length > MAX_LISTS_NAMED ? `; ${growing.length - MAX_LISTS_NAMED} more growing list(s) in results.json growth[]` : '';
  return `growth since the baseline: ${growing
    .slice(0, MAX_LISTS_NAMED)
    .map((g) => g.sentence)
    .join('; ')}${more}`;
}

/** Of several Users --user-id named, which one the run wrote to and why. */
export function userChoiceLine(results: Results): string | undefined {
  const choice = results.target.userChoice;
  return choice === undefined ? undefined : `user: ${choice.sentence}`;
}

export function conditionLines(results: Results): string[] {
  return [
    userChoiceLine(results),
    trafficLine(results),
    recoveryLine(results),
    tokenLine(results),
    consistencyLine(results),
    grammarLine(results),
    footprintLine(results),
    growthLine(results),
  ].filter((line): line is string => line !== undefined);
}
