// @ts-check
/**
 * Stryker test runner "conformance" (npm run mutation): judges each mutant of the reference with
 * scripts/mutation-judge.ts in this long-lived worker process, instead of starting node, tsx and
 * vitest for every mutant as the command runner does (2.2 s of each 2.7 s conformance run).
 *
 * How a mutant is switched on: Stryker's instrumented code asks `globalThis.__stryker__.activeMutant`
 * at every mutated place, so setting it between two judgements changes the reference's behaviour
 * with no reload. The reference runs here (the judge starts it in this process); the checks run in
 * vitest's worker thread, which imports no reference code and so is never mutated.
 *
 * Coverage ("perTest", one test named "conformance"): the dry run records which mutants the five
 * judging runs reach; Stryker then reports the others NoCoverage without running them, and knows
 * the static ones (reached only while a module loads, a constant or a regular expression). Those
 * need the module evaluated with the mutant on: this runner says it cannot reload, so Stryker starts
 * a fresh worker for each, and the judge's modules are imported only after the mutant is switched on.
 */
import { DryRunStatus, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';
import { PluginKind, commonTokens, declareClassPlugin } from '@stryker-mutator/api/plugin';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const TEST_ID = 'conformance';
const TEST_NAME = 'the conformance runs of scripts/mutation-judge.ts';

class ConformanceTestRunner {
  static inject = /** @type {const} */ ([commonTokens.logger]);

  /** @param {import('@stryker-mutator/api/logging').Logger} logger */
  constructor(logger) {
    this.logger = logger;
    /** @type {any} the judge, once its modules are loaded (see the header: not before the mutant is on) */
    this.judge = undefined;
  }

  capabilities() {
    // One process keeps its modules; a static mutant needs them evaluated again, so a new worker.
    return { reloadEnvironment: false };
  }

  /** @param {import('@stryker-mutator/api/test-runner').DryRunOptions} options */
  async dryRun(options) {
    const ns = strykerNamespace();
    ns.activeMutant = undefined;
    ns.hitCount = undefined;
    ns.hitLimit = undefined;
    const collectCoverage = options.coverageAnalysis !== 'off';
    if (collectCoverage) ns.mutantCoverage = { static: {}, perTest: {} };
    // Modules evaluated outside the test count as static coverage; the runs count per test.
    const judge = await this.loadJudge();
    if (collectCoverage) ns.currentTestId = TEST_ID;
    const started = Date.now();
    try {
      const judgement = await judge.judge();
      const timeSpentMs = Date.now() - started;
      this.logger.info(`dry run: ${judgement.reason} in ${timeSpentMs} ms`);
      return {
        status: DryRunStatus.Complete,
        tests: [
          judgement.killed
            ? { id: TEST_ID, name: TEST_NAME, status: TestStatus.Failed, failureMessage: judgement.reason, timeSpentMs }
            : { id: TEST_ID, name: TEST_NAME, status: TestStatus.Success, timeSpentMs },
        ],
        ...(collectCoverage ? { mutantCoverage: ns.mutantCoverage } : {}),
      };
    } catch (error) {
      return { status: DryRunStatus.Error, errorMessage: String(error?.stack ?? error) };
    } finally {
      ns.currentTestId = undefined;
    }
  }

  /** @param {import('@stryker-mutator/api/test-runner').MutantRunOptions} options */
  async mutantRun(options) {
    const ns = strykerNamespace();
    ns.currentTestId = undefined;
    // A static mutant must be on before the modules load; Stryker gave this mutant a fresh worker.
    if (options.mutantActivation === 'static') ns.activeMutant = options.activeMutant.id;
    const judge = await this.loadJudge();
    ns.activeMutant = options.activeMutant.id;
    if (options.hitLimit !== undefined) {
      ns.hitCount = 0;
      ns.hitLimit = options.hitLimit;
    }
    try {
      const judgement = await judge.judge();
      if (ns.hitLimit !== undefined && ns.hitCount > ns.hitLimit) {
        return { status: MutantRunStatus.Timeout, reason: `hit limit reached (${ns.hitCount}/${ns.hitLimit}): an endless loop` };
      }
      return judgement.killed
        ? { status: MutantRunStatus.Killed, failureMessage: judgement.reason, killedBy: [TEST_ID], nrOfTests: 1 }
        : { status: MutantRunStatus.Survived, nrOfTests: 1 };
    } catch (error) {
      return { status: MutantRunStatus.Error, errorMessage: String(error?.stack ?? error) };
    } finally {
      ns.activeMutant = undefined;
      ns.hitCount = undefined;
      ns.hitLimit = undefined;
    }
  }

  async dispose() {
    this.judge = undefined;
  }

  /** The judge, loaded on first use (not in init), so a static mutant is on while its module is evaluated. */
  async loadJudge() {
    if (this.judge === undefined) {
      // The sandbox's copy (this worker's working directory), whose reference code Stryker instrumented.
      const { MutantJudge } = await import(pathToFileURL(join(process.cwd(), 'scripts', 'mutation-judge.ts')).href);
      this.judge = new MutantJudge();
    }
    return this.judge;
  }
}

/** Stryker's namespace, as its instrumented code finds it. */
function strykerNamespace() {
  const g = /** @type {any} */ (globalThis);
  g.__stryker__ ??= {};
  return g.__stryker__;
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'conformance', ConformanceTestRunner)];
