/**
 * Runs the declared checks of suites/ against one run's context, in this process: the suites are
 * loaded once per process (declaring sends nothing) and every run gets a context of its own (one
 * client, one write budget, one exchange log), so runs may follow each other or overlap in one
 * process without a worker, a module reload or a test framework between them.
 *
 * The order: phase by phase as the suites declare them (src/harness/phases.ts: each phase's checks
 * end before the next phase's begin, except a phase declared to start with an earlier one, whose
 * checks run beside that phase's and wait for its end where they need it); within a phase, the
 * checks of its suites run side by side up to --concurrency, and a sequential check runs alone, in
 * its place.
 */
import { valueClassesOf } from '../results/value-classes-covered.js';
import type { CheckResult } from '../contract/checks/types.js';
import type { ThrottleStats } from '../http/adaptive-throttle.js';
import type { HeldTraffic } from '../http/traffic-record.js';
import type { ConsistencyStats } from '../results/results.js';
import { declaredChecks, runCheck, type DeclaredCheck } from '../harness/check.js';
import { contextFor, type RunContext } from '../harness/context-for.js';
import { phaseIndex, startsWith, type Phase } from '../harness/phases.js';
import type { RunSettings } from '../harness/settings.js';
import { consistencyStats } from '../harness/fitted-window.js';
import type { ListSize } from '../core/model/list-sizes.js';
import { runWideSuites, suitesOfShard } from './shards.js';

export interface CheckEvents {
  /** How many checks the run will start (once, before the first). */
  onStart?(total: number): void;
  onCheck?(result: CheckResult, done: number): void;
}

export interface SuiteRun {
  results: CheckResult[];
  errors: string[];
  /** Requests, 429s, pause and adapted rate of the run's client. */
  traffic?: ThrottleStats;
  /** The listing lag observed (--settle-ms). */
  consistency?: ConsistencyStats;
  /** Every list the run walked and its size. */
  lists?: ListSize[];
  /** Every exchange of the checks, held raw until the HAR masks it as it is written; and how many were past its bound. */
  exchanges: HeldTraffic[];
  exchangesDropped: number;
  /** The value classes of the valid creates the target accepted (src/results/value-classes-covered.ts). */
  valueClassesTried?: string[];
  /**
   * The run was left at its time bound with checks still running (RunOptions.abandonAfterMs): they
   * may still be sending, so the caller writes its reports and ends the process.
   */
  abandoned?: boolean;
}

export interface RunOptions {
  /** --shard i/n: the suites of that part (and the run-wide suite, which judges that part's exchanges). */
  shard?: string;
  /** --check: only these checks (and the run-wide suite, which judges their exchanges). */
  only?: readonly string[];
  events?: CheckEvents;
  /** The whole run's bound: past it, no further check starts and the run ends with what it has. */
  deadlineMs?: number;
  /**
   * How long past the bound the checks still running may take to end before the run is left with
   * what has ended. Absent: wait for them.
   */
  abandonAfterMs?: number;
  /** --fail-fast: after the first check that fails, no further check starts. */
  failFast?: boolean;
  /** The bound as the user gave it (--max-duration, seconds), when deadlineMs is what is left of it. */
  boundS?: number;
}

/** The suites, loaded once per process: importing them declares their checks. */
let loaded: Promise<readonly DeclaredCheck[]> | undefined;
export function loadSuites(): Promise<readonly DeclaredCheck[]> {
  loaded ??= import('../../suites/index.js').then(() => declaredChecks());
  return loaded;
}

export async function runSuites(settings: RunSettings, options: RunOptions = {}): Promise<SuiteRun> {
  return runChecksOf(settings, await checksOfRun(options), options);
}

/** The checks a run plans: all of them, those of its --shard part, or those --check names. */
export async function checksOfRun(options: Pick<RunOptions, 'shard' | 'only'>): Promise<readonly DeclaredCheck[]> {
  const all = await loadSuites();
  if (options.only !== undefined) {
    const named = new Set(options.only);
    const runWide = runWideSuites(all);
    return all.filter((c) => named.has(c.spec.id) || runWide.has(c.suite));
  }
  const suites = options.shard === undefined ? undefined : new Set(suitesOfShard(options.shard, all));
  return suites === undefined ? all : all.filter((c) => suites.has(c.suite));
}

/** The given checks, phase by phase (in declared order within a phase), against one run of their own. */
export function runChecksOf(settings: RunSettings, planned: readonly DeclaredCheck[], options: RunOptions = {}): Promise<SuiteRun> {
  const inPhases = [...planned].sort((a, b) => phaseIndex(a.phase) - phaseIndex(b.phase));
  return new EngineRun(contextFor(settings), inPhases, options).go();
}

/** Why nothing more is sent once the run's time bound has passed. */
const BOUND_REACHED = 'the run reached its time bound (--max-duration)';

class EngineRun {
  private readonly results: CheckResult[] = [];
  private readonly errors: string[] = [];
  private stopped = false;
  private timedOut = false;
  /** Checks of each phase not yet ended (or given up: the run stopped before they started). */
  private readonly open = new Map<Phase, number>();

  constructor(
    private readonly run: RunContext,
    private readonly planned: readonly DeclaredCheck[],
    private readonly options: RunOptions,
  ) {}

  async go(): Promise<SuiteRun> {
    this.options.events?.onStart?.(this.planned.length);
    for (const check of this.planned) this.open.set(check.phase, (this.open.get(check.phase) ?? 0) + 1);
    this.run.phases?.plan(this.open.keys());
    this.run.judged.plan(this.planned.map((c) => c.spec.id));
    const deadline = this.options.deadlineMs;
    let bound: NodeJS.Timeout | undefined;
    let abandon: (() => void) | undefined;
    const abandoned = new Promise<'abandoned'>((resolve) => (abandon = () => resolve('abandoned')));
    if (deadline !== undefined)
      bound = setTimeout(
        () => {
          this.timedOut = true;
          this.run.client.halt(BOUND_REACHED);
          if (this.options.abandonAfterMs !== undefined) setTimeout(() => abandon?.(), this.options.abandonAfterMs).unref();
        },
        Math.max(0, deadline),
      );
    // A promise a check let go of that rejects is a defect of the suite, not of the target: the run
    // says so (and gives no verdict) instead of the process dying with a stack trace mid-run.
    const unhandled = (reason: unknown): void => {
      this.errors.push(`a check left an error unhandled: ${(reason as Error)?.message ?? String(reason)}`);
    };
    process.on('unhandledRejection', unhandled);
    let left = false;
    try {
      left = (await Promise.race([this.steps(), abandoned])) === 'abandoned';
    } finally {
      // Nothing waits on a phase past the run's end.
      for (const phase of this.open.keys()) this.run.phases?.end(phase);
      if (bound) clearTimeout(bound);
      process.off('unhandledRejection', unhandled);
    }
    // Nothing more is sent: a check given up at its bound may still be running, and the verdict is about to be written.
    this.run.client.halt(this.timedOut ? BOUND_REACHED : 'the run has ended');
    if (this.timedOut) this.errors.push(this.boundSentence());
    const down = this.run.client.availability.down;
    if (down !== undefined) this.errors.push(this.downSentence(down.sentence));
    for (const ended of this.run.client.tokenEnds()) this.errors.push(`could not run: ${ended}`);
    const stats = this.run.client.throttleStats();
    return {
      results: [...this.results],
      errors: this.errors,
      ...(stats.requests > 0 ? { traffic: stats } : {}),
      consistency: consistencyStats(this.run.client, this.run.settings),
      lists: this.run.views.sizes.all(),
      exchanges: this.run.traffic.takeHeld(),
      exchangesDropped: this.run.traffic.dropped,
      valueClassesTried: valueClassesOf(this.run.client.createdBodies),
      ...(left ? { abandoned: true } : {}),
    };
  }

  /**
   * Phase by phase (a phase that starts with an earlier one in the same step as it); within one,
   * batches of consecutive side-by-side checks and each sequential check alone.
   */
  private async steps(): Promise<'done'> {
    let batch: DeclaredCheck[] = [];
    let phase: string | undefined;
    for (const check of this.planned) {
      if (check.sequential || startsWith(check.phase) !== phase) {
        await this.together(batch);
        batch = [];
      }
      phase = startsWith(check.phase);
      if (check.sequential) await this.together([check]);
      else batch.push(check);
    }
    await this.together(batch);
    return 'done';
  }

  /** Runs the checks side by side, at most --concurrency at once; none starts once the run is stopped. */
  private async together(checks: readonly DeclaredCheck[]): Promise<void> {
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < checks.length && !this.stopped && !this.timedOut && this.run.client.availability.down === undefined) {
        const check = checks[next] as DeclaredCheck;
        next += 1;
        await this.one(check);
      }
      // Stopped: the checks that will not start end their phases' count (nothing waits for them).
      while (next < checks.length) this.ended((checks[next++] as DeclaredCheck).phase);
    };
    const lanes = Math.max(1, Math.min(this.run.settings.concurrency, checks.length));
    await Promise.all(Array.from({ length: lanes }, lane));
  }

  private ended(phase: Phase): void {
    const left = (this.open.get(phase) ?? 1) - 1;
    this.open.set(phase, left);
    if (left === 0) this.run.phases?.end(phase);
  }

  private async one(check: DeclaredCheck): Promise<void> {
    const bounded = await this.bounded(check);
    const result: CheckResult = check.phase === 'run-wide' ? { ...bounded, runWide: true } : bounded;
    this.ended(check.phase);
    this.results.push(result);
    this.options.events?.onCheck?.(result, this.results.length);
    if (this.options.failFast && result.outcome === 'fail') this.stopped = true;
  }

  /** A check that does not end within its bound is inconclusive (it may go on in the background; its requests are bounded). */
  private async bounded(check: DeclaredCheck): Promise<CheckResult> {
    const boundMs = this.run.settings.checkTimeoutMs + 5_000;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<CheckResult>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            id: check.spec.id,
            outcome: 'inconclusive',
            message: `the check did not finish: it did not end within ${boundMs} ms`,
            findings: [],
            exchanges: [],
            exchangeCount: 0,
            created: [],
            durationMs: boundMs,
            internalError: `timed out after ${boundMs} ms`,
          }),
        boundMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([runCheck(check, this.run), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The target found down: what it answered, and which checks could not look or did not start. */
  private downSentence(sentence: string): string {
    const endedIds = new Set(this.results.map((r) => r.id));
    const notRun = this.planned.filter((c) => !endedIds.has(c.spec.id)).length;
    const undecided = this.results.filter((r) => r.outcome === 'inconclusive').length;
    return `could not run: ${sentence} (${undecided} check(s) could not look, ${notRun} did not start)`;
  }

  private boundSentence(): string {
    const endedIds = new Set(this.results.map((r) => r.id));
    const notRun = this.planned.map((c) => c.spec.id).filter((id) => !endedIds.has(id));
    const boundS = this.options.boundS ?? Math.round((this.options.deadlineMs ?? 0) / 1000);
    return `the run reached its time bound (--max-duration, ${boundS} s): ${this.results.length} of ${this.planned.length} checks ended; ${notRun.length} did not run or did not end${notRun.length > 0 ? ` (${notRun.join(', ')})` : ''}: raise the bound or look for a slow target`;
  }
}
