/**
 * Runs suites/ with vitest, programmatically: one worker, isolate off (so the suites share one
 * client, one write budget and one exchange log), checks concurrent within a file up to
 * --concurrency, files in a fixed order. Returns the collected results.
 *
 * The CLI runs once (runSuites). `npm run mutation` runs the suites hundreds of times in one
 * process (SuiteRunner): vitest's start-up and module transforms are most of a short run's cost
 * (2.2 s of a 2.7 s run against the embedded reference, against 0.7 s for a run on a warm runner).
 */
import { createVitest, type Vitest } from 'vitest/node';
import type { CheckResult } from '../checks/types.js';
import type { ThrottleStats } from '../http/adaptive-throttle.js';
import type { TrafficRecord } from '../http/traffic-record.js';
import type { ConsistencyStats } from '../results/results.js';
import { packageRoot, suitesDir } from '../core/paths.js';
import { CollectorReporter, type CollectorEvents } from '../report/collector.js';
import type { RunSettings } from '../harness/settings.js';
import { RunSwitchReporter } from './run-switch-reporter.js';
import { SuiteSequencer } from './sequencer.js';

export interface SuiteRun {
  results: CheckResult[];
  errors: string[];
  /** Requests, 429s, pause and adapted rate of the run's client; absent when no check ran. */
  traffic?: ThrottleStats;
  /** The listing lag observed (--settle-ms). */
  consistency?: ConsistencyStats;
  /** Every exchange of the checks, redacted, for the HAR; and how many were past its bound. */
  exchanges: TrafficRecord[];
  exchangesDropped: number;
  /**
   * The run was left at its time bound with checks still running (RunOptions.abandonAfterMs): they
   * may still be sending, so the caller writes its reports and ends the process.
   */
  abandoned?: boolean;
}

export interface RunOptions {
  shard?: string;
  events?: CollectorEvents;
  /** The whole run's bound: past it, no further check starts and the run ends with what it has. */
  deadlineMs?: number;
  /**
   * How long past the bound the checks still running may take to end before the run is left with
   * what has ended (the CLI, which then exits). Absent: wait for them (a warm runner must, to run again).
   */
  abandonAfterMs?: number;
  /** --fail-fast: after the first check that fails, no further check starts (the run is non-conformant either way). */
  failFast?: boolean;
  /** Every check the run means to run, by id (vitest collects the files one by one): what a time bound names as not run. */
  plan?: readonly string[];
  /** The bound as the user gave it (--max-duration, seconds), when deadlineMs is what is left of it. */
  boundS?: number;
  /** Only these suite files (absolute paths), on a runner made without a shard: a warm runner's --shard. */
  files?: readonly string[];
}

export async function runSuites(settings: RunSettings, options: RunOptions): Promise<SuiteRun> {
  const runner = await SuiteRunner.create(settings, options.shard);
  let run: SuiteRun | undefined;
  try {
    run = await runner.run(settings, options);
    return run;
  } finally {
    // An abandoned run's checks are still running, and closing vitest would wait for them: the caller exits instead.
    if (!run?.abandoned) await runner.close();
  }
}

/** What vitest is configured with once; every run on one runner must agree on it. */
const fixedPart = (settings: RunSettings): string => `concurrency ${settings.concurrency}, check bound ${settings.checkTimeoutMs} ms`;

export class SuiteRunner {
  private constructor(
    private readonly vitest: Vitest,
    private readonly reporter: RunSwitchReporter,
    private readonly fixed: string,
  ) {}

  static async create(settings: RunSettings, shard?: string): Promise<SuiteRunner> {
    const reporter = new RunSwitchReporter();
    const vitest = await createVitest(
      'test',
      {
        config: false,
        root: packageRoot,
        dir: suitesDir,
        include: ['**/*.test.ts'],
        exclude: [],
        watch: false,
        reporters: [reporter],
        provide: { conformance: settings },
        pool: 'threads',
        maxWorkers: 1,
        isolate: false,
        fileParallelism: false,
        maxConcurrency: settings.concurrency,
        testTimeout: settings.checkTimeoutMs + 5_000,
        hookTimeout: settings.checkTimeoutMs,
        passWithNoTests: false,
        ...(shard ? { shard } : {}),
        sequence: { sequencer: SuiteSequencer, shuffle: false, concurrent: false },
      },
      { logLevel: 'silent', server: { watch: null } },
    );
    return new SuiteRunner(vitest, reporter, fixedPart(settings));
  }

  /** One run of the suites against `settings`' target; runs on one runner follow each other, never overlap. */
  async run(settings: RunSettings, options: Omit<RunOptions, 'shard'>): Promise<SuiteRun> {
    if (fixedPart(settings) !== this.fixed) throw new Error(`a suite runner made for ${this.fixed} cannot run with ${fixedPart(settings)}`);
    let stopped = false;
    const collector = new CollectorReporter({
      ...options.events,
      onCheck: (result, done) => {
        options.events?.onCheck?.(result, done);
        if (options.failFast && result.outcome === 'fail' && !stopped) {
          stopped = true;
          // Vitest's CancelReason names its own reasons; ours is a string it passes through.
          void this.vitest.cancelCurrentRun('fail-fast' as 'keyboard-input');
        }
      },
    });
    this.reporter.current = collector;
    this.vitest.provide('conformance', settings);
    const errors: string[] = [];
    let timedOut = false;
    let abandoned = false;
    let abandon: (() => void) | undefined;
    const abandonedRun = new Promise<void>((resolve) => (abandon = resolve));
    let grace: NodeJS.Timeout | undefined;
    const deadline =
      options.deadlineMs === undefined
        ? undefined
        : setTimeout(
            () => {
              timedOut = true;
              // Vitest's CancelReason names its own reasons; ours is a string it passes through.
              void this.vitest.cancelCurrentRun('max-duration' as 'keyboard-input');
              if (options.abandonAfterMs !== undefined)
                grace = setTimeout(() => {
                  abandoned = true;
                  abandon?.();
                }, options.abandonAfterMs);
            },
            Math.max(0, options.deadlineMs),
          );
    try {
      await Promise.race([this.vitest.start(options.files === undefined ? undefined : [...options.files]), abandonedRun]);
    } finally {
      if (deadline) clearTimeout(deadline);
      if (grace) clearTimeout(grace);
      if (!abandoned) this.reporter.current = undefined;
    }
    // After --fail-fast or the time bound stopped the run, the checks it never started are left out,
    // not reported one by one as inconclusive; the time bound names them in one line.
    const results = stopped || timedOut ? collector.results.filter((r) => !neverStarted(r)) : [...collector.results];
    if (timedOut) {
      const endedIds = new Set(results.map((r) => r.id));
      const planned = options.plan ?? collector.planned;
      const notRun = planned.filter((id) => !endedIds.has(id));
      errors.push(
        `the run reached its time bound (--max-duration, ${boundSeconds(options.deadlineMs ?? 0, options.boundS)} s): ${results.length} of ${Math.max(planned.length, results.length)} checks ended; ${notRun.length} did not run or did not end${notRun.length > 0 ? ` (${notRun.join(', ')})` : ''}: raise the bound or look for a slow target`,
      );
    }
    return {
      results,
      errors: [...collector.errors, ...errors],
      ...(collector.traffic ? { traffic: collector.traffic } : {}),
      ...(collector.consistency ? { consistency: collector.consistency } : {}),
      exchanges: collector.exchanges,
      exchangesDropped: collector.exchangesDropped,
      ...(abandoned ? { abandoned: true } : {}),
    };
  }

  async close(): Promise<void> {
    await this.vitest.close();
  }
}

const boundSeconds = (deadlineMs: number, boundS: number | undefined): number => boundS ?? Math.round(deadlineMs / 1000);

/** A result the collector made up for a check that ended without running (vitest's 'skipped' or 'pending' state). */
function neverStarted(result: CheckResult): boolean {
  return result.outcome === 'inconclusive' && result.exchangeCount === 0 && /^(skipped|pending|queued)$/.test(result.internalError ?? '');
}
