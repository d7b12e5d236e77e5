/**
 * The chains of dependent requests of a run, read from its HAR: per check, the most of its requests
 * that ran one after another (each sent after the previous one's answer came), the requests a target
 * further away makes that check wait for in turn. At 50 ms a round trip, a chain of 300 is 15 s
 * whatever the concurrency. Only what one check sent is chained: a check waiting for a walk another
 * check sends (shared walks, the list data) lies on that check's chain, not its own.
 */
import { readFileSync } from 'node:fs';
import type { Har } from '../src/results/report/har.js';

export interface RequestChain {
  check: string;
  /** Requests of the check in sequence, each sent after the last one's answer. */
  chained: number;
  /** Requests the check sent in all. */
  requests: number;
  /** From its first request sent to its last answer. */
  seconds: number;
}

/** The most of `spans` that ran one after another: each time, the one that ends first among those sent after the last. */
function chainOf(spans: readonly { start: number; end: number }[]): number {
  let chained = 0;
  let freeAt = -Infinity;
  for (const span of [...spans].sort((a, b) => a.end - b.end)) {
    if (span.start < freeAt) continue;
    chained += 1;
    freeAt = span.end;
  }
  return chained;
}

export interface RunChains {
  /** Over the whole run, whichever check sent them: round trips the run waited for in turn (the rest of its time is waits without a request, such as settle windows). */
  run: { chained: number; requests: number };
  /** The checks with the longest chains of their own, longest first. */
  checks: RequestChain[];
}

/** The run's chain and the `count` checks with the longest chains. */
export function longestChains(harPath: string, count: number): RunChains {
  const har = JSON.parse(readFileSync(harPath, 'utf8')) as Har;
  const byCheck = new Map<string, { start: number; end: number }[]>();
  for (const entry of har.log.entries) {
    // The entry's comment begins with the check that sent it (src/results/report/har.ts).
    const comment = entry.comment ?? '';
    const sender = comment.startsWith('sent by the preflight') ? 'preflight' : /^sent by ([^;\s]+)/.exec(comment)?.[1];
    if (sender === undefined) continue;
    const start = Date.parse(entry.startedDateTime);
    const list = byCheck.get(sender) ?? [];
    list.push({ start, end: start + entry.time });
    byCheck.set(sender, list);
  }
  const chains: RequestChain[] = [];
  for (const [check, spans] of byCheck) {
    const chained = chainOf(spans);
    const first = Math.min(...spans.map((s) => s.start));
    const last = Math.max(...spans.map((s) => s.end));
    chains.push({ check, chained, requests: spans.length, seconds: Math.round((last - first) / 100) / 10 });
  }
  const all = [...byCheck.values()].flat();
  return { run: { chained: chainOf(all), requests: all.length }, checks: chains.sort((a, b) => b.chained - a.chained).slice(0, count) };
}
