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
 *
 * A mutant that survives is then probed (scripts/mutation-probe.ts): the same requests to a reference
 * with the mutant on and to one with it off, toggled around each request. What the probe finds
 * (5xx, valid answers that differ) is printed under each survivor by scripts/mutation-summary.ts: each worker writes one file per mutant into
 * reports/mutation/probes/ of the project (workers run side by side, so never one shared file), and
 * the "probes" reporter, in Stryker's main process, joins them with the report's place of each
 * mutant into reports/mutation/probes.json.
 */
import { DryRunStatus, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';
import { PluginKind, commonTokens, declareClassPlugin } from '@stryker-mutator/api/plugin';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const TEST_ID = 'conformance';
const TEST_NAME = 'the conformance runs of scripts/mutation-judge.ts';
/** Below the project (Stryker's working directory, not a worker's sandbox). */
const PROBES_DIR = join('reports', 'mutation', 'probes');
const PROBES_FILE = join('reports', 'mutation', 'probes.json');

class ConformanceTestRunner {
  static inject = /** @type {const} */ ([commonTokens.logger, commonTokens.options]);

  /**
   * @param {import('@stryker-mutator/api/logging').Logger} logger
   * @param {import('@stryker-mutator/api/core').StrykerOptions} options
   */
  constructor(logger, options) {
    this.logger = logger;
    this.options = options;
    /** @type {any} the judge, once its modules are loaded (see the header: not before the mutant is on) */
    this.judge = undefined;
    /** @type {any} the probe's module, loaded as the judge's is */
    this.probe = undefined;
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
      if (judgement.killed) return { status: MutantRunStatus.Killed, failureMessage: judgement.reason, killedBy: [TEST_ID], nrOfTests: 1 };
      await this.probeSurvivor(options.activeMutant.id, options.mutantActivation === 'static');
      return { status: MutantRunStatus.Survived, nrOfTests: 1 };
    } catch (error) {
      return { status: MutantRunStatus.Error, errorMessage: String(error?.stack ?? error) };
    } finally {
      ns.activeMutant = undefined;
      ns.hitCount = undefined;
      ns.hitLimit = undefined;
    }
  }

  /**
   * The differential probe of a survivor, written for the summary. Never fatal: a probe that fails
   * leaves the mutant without a finding, which the summary prints as an explanation not checked.
   * @param {string} id
   * @param {boolean} isStatic
   */
  async probeSurvivor(id, isStatic) {
    const ns = strykerNamespace();
    // The instrumented code throws past the hit limit: that would read as the mutant's 5xx.
    ns.hitCount = undefined;
    ns.hitLimit = undefined;
    const project = this.projectDir();
    try {
      if (project === undefined) throw new Error(`no project directory above ${process.cwd()}`);
      this.probe ??= await import(pathToFileURL(join(process.cwd(), 'scripts', 'mutation-probe.ts')).href);
      const finding = await this.probe.differentialProbe(
        { enter: () => (ns.activeMutant = id) },
        { enter: () => (ns.activeMutant = undefined) },
      );
      mkdirSync(join(project, PROBES_DIR), { recursive: true });
      // A static mutant was evaluated into its module for both references: only its 5xx tell.
      writeFileSync(join(project, PROBES_DIR, `${id}.json`), JSON.stringify({ id, static: isStatic, ...finding }));
    } catch (error) {
      this.logger.warn(`mutant ${id}: not probed: ${String(error?.stack ?? error)}`);
    } finally {
      ns.activeMutant = id;
    }
  }

  /** The project this worker's sandbox (<project>/<tempDirName>/sandbox-XXXX) was copied from. */
  projectDir() {
    const cwd = process.cwd();
    if (this.options.inPlace) return cwd;
    const parent = dirname(cwd);
    return basename(cwd).startsWith('sandbox-') && basename(parent) === basename(this.options.tempDirName) ? dirname(parent) : undefined;
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

/**
 * Reporter "probes": reports/mutation/probes.json, the workers' probe findings by mutant id, each with
 * the mutant's file, line, mutator and replacement as the report gives them. The findings of an
 * earlier run are removed once the dry run is done (before any mutant is probed).
 */
class ProbesReporter {
  onDryRunCompleted() {
    rmSync(resolve(PROBES_DIR), { recursive: true, force: true });
    rmSync(resolve(PROBES_FILE), { force: true });
  }

  /** @param {Readonly<import('@stryker-mutator/api/core').schema.MutationTestResult>} report */
  onMutationTestReportReady(report) {
    /** @type {Record<string, unknown>} */
    const probes = {};
    const written = new Set(readdirSafe(resolve(PROBES_DIR)));
    for (const [file, { mutants }] of Object.entries(report.files))
      for (const m of mutants) {
        if (!written.has(`${m.id}.json`)) continue;
        const finding = JSON.parse(readFileSync(resolve(PROBES_DIR, `${m.id}.json`), 'utf8'));
        probes[m.id] = { file, line: m.location.start.line, mutator: m.mutatorName, replacement: m.replacement ?? '', ...finding };
      }
    writeFileSync(resolve(PROBES_FILE), `${JSON.stringify(probes, null, 1)}\n`);
    rmSync(resolve(PROBES_DIR), { recursive: true, force: true });
  }
}

/** @param {string} dir */
function readdirSafe(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export const strykerPlugins = [
  declareClassPlugin(PluginKind.TestRunner, 'conformance', ConformanceTestRunner),
  declareClassPlugin(PluginKind.Reporter, 'probes', ProbesReporter),
];
