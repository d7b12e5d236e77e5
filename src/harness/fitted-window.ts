/**
 * The run's evidence of listing lag (how long after its answer each of its own writes was first seen
 * listed) and the settle window fitted to it (the head of settle.ts says what waits it and the trade).
 * Apart from settle.ts so that the run's context can hand the fitted window to the invariants.
 */
import type { ConsistencyStats } from '../results/results.js';
import type { HttpClient } from '../http/client.js';
import { perRun } from './per-run.js';
import { wholeSettleMs, type RunSettings } from './settings.js';

/** The observed listing lag of the run's writes, for results.json and the report. */
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

export const lagLogs = perRun(() => new LagLog());

export function consistencyStats(client: HttpClient, settings: RunSettings): ConsistencyStats {
  const window = fittedWindow(client, settings);
  return { ...lagLogs(client).stats(wholeSettleMs(settings)), absenceWindowMs: window.ms, absenceWindowWhy: window.why };
}

/** The absence window's floor, and its factor over the longest lag observed. */
const MIN_ABSENCE_WINDOW_MS = 1_000;
const LAG_FACTOR = 3;
/** No fitted window waits longer than this, whatever a lag once was. */
const MAX_ABSENCE_WINDOW_MS = 60_000;

/** How long after a write the run takes its effects as settled when it need not be sure (see the head of settle.ts), and why. */
export function fittedWindow(client: HttpClient, settings: RunSettings): { ms: number; why: string } {
  const whole = wholeSettleMs(settings);
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
