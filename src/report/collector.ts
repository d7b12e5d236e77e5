/**
 * A vitest reporter that collects each check's result from task.meta as it finishes and tells the
 * CLI (progress line), and keeps the errors vitest saw outside any check (a suite file that does
 * not load, an unhandled rejection) so the run can be called could-not-run.
 */
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import type { CheckResult } from '../checks/types.js';
import type { ThrottleStats } from '../http/adaptive-throttle.js';
import type { ConsistencyStats } from '../results/results.js';
import type { TrafficRecord } from '../http/traffic-record.js';

export interface CollectorEvents {
  onStart?(total: number): void;
  onCheck?(result: CheckResult, done: number): void;
}

export class CollectorReporter implements Reporter {
  readonly results: CheckResult[] = [];
  readonly errors: string[] = [];
  /** Every check collected to run, by id, in the order collected: what a run stopped early did not reach. */
  readonly planned: string[] = [];
  /** The run's traffic: the snapshot that had seen the most requests (checks end out of order). */
  traffic: ThrottleStats | undefined;
  /** The run's observed listing lag: the snapshot with the most samples. */
  consistency: ConsistencyStats | undefined;
  /** Every exchange of the run the checks handed on, redacted, in the order they arrived (the HAR sorts them). */
  readonly exchanges: TrafficRecord[] = [];
  /** Exchanges past the recorder's bound (the largest count a check saw). */
  exchangesDropped = 0;
  private done = 0;

  constructor(private readonly events: CollectorEvents = {}) {}

  onTestRunStart(_specifications: ReadonlyArray<TestSpecification>): void {
    // The count of checks is known once modules are collected; see onTestModuleCollected.
  }

  onTestModuleCollected(module: TestModule): void {
    let count = 0;
    for (const test of module.children.allTests()) {
      count += 1;
      this.planned.push(test.name);
    }
    this.events.onStart?.(count);
  }

  onTestCaseResult(testCase: TestCase): void {
    this.done += 1;
    const result = testCase.meta().conformance ?? this.synthesize(testCase);
    const traffic = testCase.meta().conformanceTraffic;
    if (traffic !== undefined && (this.traffic === undefined || traffic.requests >= this.traffic.requests)) this.traffic = traffic;
    const consistency = testCase.meta().conformanceConsistency;
    if (consistency !== undefined && (this.consistency === undefined || consistency.samples >= this.consistency.samples))
      this.consistency = consistency;
    const exchanges = testCase.meta().conformanceExchanges;
    if (exchanges !== undefined) {
      for (const record of exchanges.records) this.exchanges.push(record);
      this.exchangesDropped = Math.max(this.exchangesDropped, exchanges.dropped);
    }
    this.results.push(result);
    this.events.onCheck?.(result, this.done);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string; stack?: string }>): void {
    for (const module of modules) {
      for (const error of module.errors()) this.errors.push(`${module.moduleId}: ${error.message}`);
    }
    for (const error of unhandledErrors) this.errors.push(error.message ?? String(error));
  }

  /** A test that ended without a result in meta: vitest's own time bound cut it, or it never ran. */
  private synthesize(testCase: TestCase): CheckResult {
    const state = testCase.result();
    const reason = state.state === 'failed' ? (state.errors[0]?.message ?? 'failed') : state.state;
    return {
      id: testCase.name,
      outcome: 'inconclusive',
      message: `the check did not finish: ${reason}`,
      findings: [],
      exchanges: [],
      exchangeCount: 0,
      created: [],
      durationMs: testCase.diagnostic()?.duration ?? 0,
      internalError: reason,
    };
  }
}
