/**
 * What judging costs, observer by observer: the run's observers of every exchange (contextFor's
 * list: the redactor learning personal values, the HAR record, the answer audit, the invariants),
 * each timed over the same pages, with no network in the measured loop. The pages are read first
 * by the run's client with no observer (bareClient), then handed to a fresh run context's observers
 * in their order, one observer over every page at a time, for several rounds: the first round sees
 * every bank for the first time, the later ones again (as the walks of a run do). The HAR record
 * holds pages raw and masks them when the HAR is written: that cost is timed apart, once, at the end.
 * The whole measure is made a few times, each with a fresh context, and the median kept.
 */
import { contextFor } from '../src/harness/context-for.js';
import type { Exchange } from '../src/http/exchange.js';
import { maskHeld } from '../src/http/traffic-record.js';
import { bareClient, benchSettings } from './suite-context.js';

export interface JudgingCost {
  pages: number;
  rounds: number;
  /** CPU per page (microseconds) of each observer, in the run's order, and of all of them together. */
  usPerPage: Record<string, number>;
  /** CPU per page (microseconds) of masking the HAR's records of those pages when it is written, once at the run's end: not in `all`. */
  harWriteUsPerPage: number;
}

async function pagesOf(url: string, token: string, cursors: readonly (string | undefined)[]): Promise<Exchange[]> {
  const client = bareClient(url, token, 8);
  try {
    return await Promise.all(cursors.map((cursor) => client.send({ path: '/user_banks', query: { limit: 100, cursor } })));
  } finally {
    await client.close();
  }
}

/** One measure: a fresh run context's observers over the pages, `rounds` times, and the HAR's masking once. */
function measureOnce(pages: readonly Exchange[], url: string, token: string, rounds: number): Omit<JudgingCost, 'pages' | 'rounds'> {
  const { observers, traffic } = contextFor(benchSettings(url, token, '', 8));
  const cpuUs = new Map<string, number>(observers.map((o) => [o.name, 0]));
  for (let round = 0; round < rounds; round += 1)
    for (const observer of observers) {
      const started = process.cpuUsage();
      for (const page of pages) observer.observe(page);
      const used = process.cpuUsage(started);
      cpuUs.set(observer.name, (cpuUs.get(observer.name) ?? 0) + used.user + used.system);
    }
  const count = pages.length * rounds;
  const usPerPage: Record<string, number> = {};
  let all = 0;
  for (const [name, us] of cpuUs) {
    usPerPage[name] = Math.round(us / count);
    all += us;
  }
  usPerPage.all = Math.round(all / count);
  // The HAR observer holds each page raw; its masking is paid here, as the reports write the HAR.
  const writing = process.cpuUsage();
  maskHeld(traffic.takeHeld());
  const written = process.cpuUsage(writing);
  return { usPerPage, harWriteUsPerPage: Math.round((written.user + written.system) / count) };
}

const medianOf = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * The median of `repeats` whole measures, each figure apart: on 2 shared cores a burst of other work
 * during one measure multiplies every observer's time in it, and the median leaves that measure out
 * without dropping the first sight of the banks that each measure (a fresh context) includes.
 */
export async function judgingCost(
  url: string,
  token: string,
  cursors: readonly (string | undefined)[],
  rounds = 5,
  repeats = 3,
): Promise<JudgingCost> {
  const pages = await pagesOf(url, token, cursors);
  if (pages.some((page) => page.status !== 200)) throw new Error('a page of the judging-cost list was not answered 200');
  const measures = Array.from({ length: repeats }, () => measureOnce(pages, url, token, rounds));
  const usPerPage: Record<string, number> = {};
  for (const name of Object.keys(measures[0]?.usPerPage ?? {})) usPerPage[name] = medianOf(measures.map((m) => m.usPerPage[name] ?? 0));
  return { pages: pages.length, rounds, usPerPage, harWriteUsPerPage: medianOf(measures.map((m) => m.harWriteUsPerPage)) };
}
