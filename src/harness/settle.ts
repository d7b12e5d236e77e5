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
import { sleep } from '../http/throttle.js';
import { fittedWindow, lagLogs } from './fitted-window.js';
import type { Probe } from './probe.js';
import { wholeSettleMs } from './settings.js';

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
  const deadline = answeredAt + wholeSettleMs(t.settings);
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
  const left = answeredAt + wholeSettleMs(t.settings) - Date.now();
  if (left > 0) await sleep(left);
}

/** The warning for a write that took more than half the window to be listed: the window is close to too short. */
export function slowListingWarning(t: Probe, lagMs: number | undefined): string | undefined {
  const settle = wholeSettleMs(t.settings);
  if (lagMs === undefined || lagMs <= settle / 2) return undefined;
  return `a write took about ${Math.round(lagMs)} ms to be listed, more than half the settle window (--settle-ms ${settle}); a slower replica would make its checks fail: raise --settle-ms`;
}
