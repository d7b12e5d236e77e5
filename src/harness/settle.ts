/**
 * Eventual consistency (--settle-ms): a shared staging behind replicas may list a write some time
 * after answering it. A check that expects a write to be listed polls, backing off, until it is or
 * the settle window has passed since the write's answer; a proof that something was NOT stored waits
 * until the absence window has passed since the write it concerns, then reads once more. The lags
 * observed (how long after its answer a write was first seen listed) go to results.json and the report.
 *
 * The fitted window follows the evidence (issue 53) unless --settle-ms sets it: the larger of 1 s and
 * three times the longest lag the run observed, the whole default window when it observed none.
 * Absence proofs wait it: a short window can never fail a conformant server (a refused write it
 * stored nothing for shows nothing however long one waits); it can miss a refused write that a
 * server stores later than it lists its accepted ones, which is the trade, and why --settle-ms still
 * sets a fixed window. The view relations judge first with it too, and a break they find is final
 * only once judged again with the whole window (suites/views.ts). Waits that expect something to
 * show (a late listing) keep the whole window.
 */
import type { ConsistencyStats } from '../results/results.js';
import type { HttpClient } from '../http/client.js';
import { sleep } from '../http/throttle.js';
import { perRun } from './per-run.js';
import type { Probe } from './probe.js';
import { DEFAULT_SETTLE_MS, type RunSettings } from './settings.js';

/** The observed listing lag of the run's writes, for results.json and the report. */

export type { ConsistencyStats };

class LagLog {
  readonly lags: number[] = [];

  stats(settleMs: number): ConsistencyStats {
    const sorted = [...this.lags].sort((a, b) => a - b);
    const middle =
      sorted.length === 0
        ? null
        : sorted.length % 2 === 1
          ? (sorted[(sorted.length - 1) / 2] as number)
          : ((sorted[sorted.length / 2 - 1] as number) + (sorted[sorted.length / 2] as number)) / 2;
    return {
      settleMs,
      samples: sorted.length,
      medianLagMs: middle === null ? null : Math.round(middle),
      maxLagMs: sorted.length === 0 ? null : Math.round(sorted[sorted.length - 1] as number),
    };
  }
}

const lagLogs = perRun(() => new LagLog());

export const settleMsOf = (t: Probe): number => t.settings.settleMs ?? DEFAULT_SETTLE_MS;

export function consistencyStats(client: HttpClient, settings: RunSettings): ConsistencyStats {
  const window = fittedWindow(client, settings);
  return { ...lagLogs(client).stats(settings.settleMs ?? DEFAULT_SETTLE_MS), absenceWindowMs: window.ms, absenceWindowWhy: window.why };
}

/** The absence window's floor, and its factor over the longest lag observed. */
const MIN_ABSENCE_WINDOW_MS = 1_000;
const LAG_FACTOR = 3;
/** No fitted window waits longer than this, whatever a lag once was. */
const MAX_ABSENCE_WINDOW_MS = 60_000;

/** How long after a write the run takes its effects as settled when it need not be sure (see the head of this file), and why. */
export function fittedWindow(client: HttpClient, settings: RunSettings): { ms: number; why: string } {
  const whole = settings.settleMs ?? DEFAULT_SETTLE_MS;
  if (settings.settleWindow !== 'evidence') return { ms: whole, why: `--settle-ms ${whole}` };
  const lags = lagLogs(client).lags;
  if (lags.length === 0) return { ms: whole, why: `no write of the run was awaited in a listing, so the default ${whole} ms` };
  const longest = Math.round(Math.max(...lags));
  const ms = Math.min(MAX_ABSENCE_WINDOW_MS, Math.max(MIN_ABSENCE_WINDOW_MS, LAG_FACTOR * longest));
  return {
    ms,
    why: `${LAG_FACTOR} x the longest listing lag observed (${longest} ms over ${lags.length} writes), at least ${MIN_ABSENCE_WINDOW_MS} ms`,
  };
}

/** Waits until the absence window has passed since `answeredAt` (Date.now()), so an absence read after it is final. */
export async function untilAbsenceSettled(t: Probe, answeredAt: number): Promise<void> {
  const left = answeredAt + fittedWindow(t.run.client, t.settings).ms - Date.now();
  if (left > 0) await sleep(left);
}

/** A listing that began at `startedAt` (Date.now()). */
export interface Timed {
  startedAt: number;
}

export interface Awaited<L> {
  listing: L;
  /** Whether `shows` held before the window ran out. */
  seen: boolean;
  /** How long after the write's answer it was first seen listed (0: on the first look); undefined when not seen. */
  lagMs?: number;
}

/**
 * Reads (`read(after)` must give a listing that began after `after`) until `shows` holds or the
 * settle window has passed since `answeredAt`. Polls back off from 100 ms to 1 s. A lag over half
 * the window is for the caller to warn about (it is recorded here either way).
 */
export async function untilListed<L extends Timed>(
  t: Probe,
  answeredAt: number,
  read: (after: number) => Promise<L>,
  shows: (listing: L) => boolean,
): Promise<Awaited<L>> {
  const deadline = answeredAt + settleMsOf(t);
  let after = answeredAt;
  let missed = false;
  for (let backoff = 100; ; backoff = Math.min(backoff * 2, 1_000)) {
    const listing = await read(after);
    if (shows(listing)) {
      const lagMs = missed ? Math.max(0, listing.startedAt - answeredAt) : 0;
      lagLogs(t.run.client).lags.push(lagMs);
      return { listing, seen: true, lagMs };
    }
    // Not seen: final only for a listing that began once the window had passed (a judge that comes
    // late may be handed a listing made just after the write, before a replica had it).
    if (listing.startedAt >= deadline) return { listing, seen: false };
    missed = true;
    // The next read must begin later than this one (a listing is never handed back to its poller).
    after = Math.max(listing.startedAt, after + 1);
    await sleep(Math.max(0, Math.min(backoff, deadline - Date.now())));
  }
}

/** Waits until the settle window has passed since `answeredAt` (Date.now()), so an absence read after it is final. */
export async function untilSettled(t: Probe, answeredAt: number): Promise<void> {
  const left = answeredAt + settleMsOf(t) - Date.now();
  if (left > 0) await sleep(left);
}

/** The warning for a write that took more than half the window to be listed: the window is close to too short. */
export function slowListingWarning(t: Probe, lagMs: number | undefined): string | undefined {
  const settle = settleMsOf(t);
  if (lagMs === undefined || lagMs <= settle / 2) return undefined;
  return `a write took about ${Math.round(lagMs)} ms to be listed, more than half the settle window (--settle-ms ${settle}); a slower replica would make its checks fail: raise --settle-ms`;
}
