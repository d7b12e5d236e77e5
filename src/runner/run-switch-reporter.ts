/**
 * Vitest takes its reporters once, when it is created; a SuiteRunner that runs the suites many
 * times gives each run its own collector by switching the one this reporter passes events to.
 */
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';
import type { CollectorReporter } from '../report/collector.js';

export class RunSwitchReporter implements Reporter {
  /** The collector of the run under way; events outside a run go nowhere. */
  current: CollectorReporter | undefined;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.current?.onTestRunStart(specifications);
  }

  onTestModuleCollected(module: TestModule): void {
    this.current?.onTestModuleCollected(module);
  }

  onTestCaseResult(testCase: TestCase): void {
    this.current?.onTestCaseResult(testCase);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string; stack?: string }>): void {
    this.current?.onTestRunEnd(modules, unhandledErrors);
  }
}
