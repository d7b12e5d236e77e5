/**
 * Runs suites/ with vitest, programmatically: one worker, isolate off (so the suites share one
 * client, one write budget and one exchange log), checks concurrent within a file up to
 * --concurrency, files in a fixed order. Returns the collected results.
 */
import { createVitest } from 'vitest/node';
import type { CheckResult } from '../checks/types.js';
import type { ThrottleStats } from '../http/adaptive-throttle.js';
import type { ConsistencyStats } from '../suite/settle.js';
import { packageRoot, suitesDir } from '../paths.js';
import { CollectorReporter, type CollectorEvents } from '../report/collector.js';
import type { RunSettings } from '../suite/settings.js';
import { SuiteSequencer } from './sequencer.js';

export interface SuiteRun {
  results: CheckResult[];
  errors: string[];
  /** Requests, 429s, pause and adapted rate of the run's client; absent when no check ran. */
  traffic?: ThrottleStats;
  /** The listing lag observed (--settle-ms). */
  consistency?: ConsistencyStats;
}

export interface RunOptions {
  shard?: string;
  events?: CollectorEvents;
  /** The whole run's bound: past it, no further check starts and the run ends with what it has. */
  deadlineMs?: number;
  /** --fail-fast: after the first check that fails, no further check starts (the run is non-conformant either way). */
  failFast?: boolean;
}

export async function runSuites(settings: RunSettings, options: RunOptions): Promise<SuiteRun> {
  let stop: (() => void) | undefined;
  let stopped = false;
  const events: CollectorEvents = {
    ...options.events,
    onCheck: (result, done) => {
      options.events?.onCheck?.(result, done);
      if (options.failFast && result.outcome === 'fail' && !stopped) {
        stopped = true;
        stop?.();
      }
    },
  };
  const collector = new CollectorReporter(events);
  const vitest = await createVitest(
    'test',
    {
      config: false,
      root: packageRoot,
      dir: suitesDir,
      include: ['**/*.test.ts'],
      exclude: [],
      watch: false,
      reporters: [collector],
      provide: { conformance: settings },
      pool: 'threads',
      maxWorkers: 1,
      isolate: false,
      fileParallelism: false,
      maxConcurrency: settings.concurrency,
      testTimeout: settings.checkTimeoutMs + 5_000,
      hookTimeout: settings.checkTimeoutMs,
      passWithNoTests: false,
      ...(options.shard ? { shard: options.shard } : {}),
      sequence: { sequencer: SuiteSequencer, shuffle: false, concurrent: false },
    },
    { logLevel: 'silent', server: { watch: null } },
  );
  // Vitest's CancelReason names its own reasons; ours is a string it passes through.
  stop = () => void vitest.cancelCurrentRun('fail-fast' as 'keyboard-input');
  const errors: string[] = [];
  const deadline =
    options.deadlineMs === undefined
      ? undefined
      : setTimeout(() => {
          errors.push(
            `the run reached its time bound (--max-duration, ${Math.round((options.deadlineMs ?? 0) / 1000)} s) after ${collector.results.length} checks; the checks not run are missing from the results: raise the bound or look for a slow target`,
          );
          // Vitest's CancelReason names its own reasons; ours is a string it passes through.
          void vitest.cancelCurrentRun('max-duration' as 'keyboard-input');
        }, options.deadlineMs);
  try {
    await vitest.start();
  } finally {
    if (deadline) clearTimeout(deadline);
    await vitest.close();
  }
  // After --fail-fast stopped the run, the checks it never started are left out, not reported as inconclusive.
  const results = stopped ? collector.results.filter((r) => !neverStarted(r)) : collector.results;
  return { results, errors: [...collector.errors, ...errors], ...(collector.traffic ? { traffic: collector.traffic } : {}), ...(collector.consistency ? { consistency: collector.consistency } : {}) };
}

/** A result the collector made up for a check that ended without running (vitest's 'skipped' or 'pending' state). */
function neverStarted(result: CheckResult): boolean {
  return result.outcome === 'inconclusive' && result.exchangeCount === 0 && /^(skipped|pending|queued)$/.test(result.internalError ?? '');
}
