/**
 * banklink-conformance: flags + .env -> Config -> (the embedded reference when no target) ->
 * preflight (src/runner/preflight.ts) -> suites -> reports -> exit code (0 conformant, 1 non-conformant, 2 could not run).
 * Every failure to run is one sentence that says what to do, never a stack trace, never a token.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checks } from '../contract/checks/registry.js';
import { compareRuns } from '../results/compare/diff.js';
import { CompareInputError, readRun } from '../results/compare/read-run.js';
import { ConfigError, checksNamed, helpText, loadConfig, type Config } from '../config/config.js';
import { commandLineTokenWarning } from '../config/config-mistakes.js';
import { faults } from '../lab/faults/index.js';
import { startReference, type RunningReference } from '../lab/server.js';
import { paintFor, summaryText } from '../results/report/console.js';
import { listText } from '../results/report/list.js';
import { specPath } from '../core/paths.js';
import { statementIndex, statementsText } from '../contract/statements/statement-index.js';
import { Progress } from '../results/report/progress.js';
import { suiteVersion } from '../results/results.js';
import { CannotRun } from '../runner/cannot-run.js';
import { conformanceRun } from '../runner/conformance-run.js';
import { reportDirProblem } from '../results/report/report-dir.js';
import { redactorFor } from '../harness/secrets.js';
import {
  earlierReportsDir,
  unfinishedResults,
  writeInterrupted,
  writeUnfinished,
  type UnfinishedRun,
} from '../runner/unfinished-reports.js';
import type { CheckResult } from '../contract/checks/types.js';
import type { ExchangeEvidence } from '../http/evidence.js';
import type { RunResults } from '../runner/run-results.js';
import type { Redactor } from '../http/redact.js';
import type { Results } from '../results/results.js';
import { reportToGithubActions } from '../results/report/github-actions.js';
import { UNMASKED_EVIDENCE_WARNING } from '../results/report/unmasked-evidence.js';
import { runHeader } from '../results/report/run-header.js';
import { implementationOf } from '../runner/run-results.js';

/** What was written of a run: its results and the redactor that wrote them (the run's tokens known to it). */
interface Written {
  results: Results;
  redactor: Redactor;
}

/** Set once the report directory is known: replaces the reports with why the run gave no verdict. */
let writeWhy: ((verdict: 'interrupted' | 'could-not-run', reason: string) => Written) | undefined;

let toldCi = false;
/**
 * Tells the CI the run's outcome, once, as the reports have it (under GitHub Actions: a step
 * summary and annotations; src/results/report/github-actions.ts). Once: a stopped run writes its
 * reports twice, and a refused run's outcome is met again where the error is reported.
 */
function tellCi(results: Results, redactor: Redactor): void {
  if (toldCi) return;
  toldCi = true;
  reportToGithubActions(results, redactor, {
    env: process.env,
    print: (line) => console.log(line),
    warn: (sentence) => console.error(`banklink-conformance: ${sentence}`),
  });
}

async function main(argv: string[]): Promise<number> {
  const config = loadConfig({ argv, env: process.env, dotenvPath: resolve(process.cwd(), '.env') });
  if (config.help) {
    console.log(helpText());
    return 0;
  }
  if (config.version) {
    console.log(suiteVersion());
    return 0;
  }
  if (config.list && config.statements) {
    console.log(statementsText(statementIndex(readFileSync(specPath, 'utf8'), faults)));
    return 0;
  }
  if (config.list) {
    console.log(listText(checks));
    return 0;
  }
  const tokenWarning = commandLineTokenWarning(argv);
  if (tokenWarning) console.error(tokenWarning);
  // Said before the first request, so a run against real data can be stopped before it writes any.
  if (config.unmaskedEvidence) console.error(`banklink-conformance: WARNING: ${UNMASKED_EVIDENCE_WARNING}`);

  const reportDir = resolve(config.reportDir);
  const dirProblem = reportDirProblem(reportDir, config.reportDir);
  if (dirProblem) throw new CannotRun(dirProblem);

  let reference: RunningReference | undefined;
  const stopReference = async (): Promise<void> => {
    await reference?.close();
    reference = undefined;
  };
  // Until this run's own reports replace them, the reports say it has not ended: a run killed, crashed
  // or refused never leaves an earlier run's verdict behind (src/runner/unfinished-reports.ts).
  const startedAt = new Date();
  const runId = randomUUID();
  const implementation = implementationOf(config);
  const unfinished: UnfinishedRun = {
    runId,
    implementation,
    baseUrl: config.baseUrl,
    userId: config.userId,
    userIdB: config.userIdB,
    secondCaller: config.tokenB !== undefined,
    ...(config.maxWritesGiven ? { maxWrites: config.maxWrites } : {}),
    seed: config.seed,
    runs: config.runs,
    readOnly: config.readOnly,
    strict: config.strict,
    startedAt,
  };
  const earlyRedactor = redactorFor({ tokenA: config.token, tokenB: config.tokenB });
  writeWhy = (verdict, reason) => ({
    results: writeUnfinished(reportDir, unfinished, verdict, reason, earlyRedactor),
    redactor: earlyRedactor,
  });
  writeWhy(
    'interrupted',
    `the run began at ${startedAt.toISOString()} and has not ended: it is still running, or it was stopped or crashed before writing its reports`,
  );
  let checksEnded = 0;
  let checksCollected = 0;
  const checksPlanned = (): number => Math.max(checksEnded, config.shard || config.check ? checksCollected : checks.length);
  // What a stop must report: the checks that ended (with their outcomes) and, once the run's own
  // journal has begun, the resources created.json lists (a check that did not end created them too).
  const ended: CheckResult[] = [];
  let interruptedResults: { resultsOf: RunResults; preflight: ExchangeEvidence[]; redactor: Redactor } | undefined;
  /** The interrupted reports, and the redactor they were written with (the run's, once its checks began). */
  const writeStopped = (reason: string): Written | undefined => {
    if (!interruptedResults) return writeWhy?.('interrupted', reason);
    const results = interruptedResults.resultsOf([...ended], [reason], interruptedResults.preflight, { interrupted: true });
    return { results: writeInterrupted(reportDir, results, interruptedResults.redactor), redactor: interruptedResults.redactor };
  };
  // Once stopped, the run writes nothing more and sends nothing more: the process exits as soon as
  // the interrupted reports are written (an embedded reference gets a bounded moment to close).
  let stopping = false;
  /** Set once the run's own reports are being written: past that, the time bound leaves the run to end. */
  let finishing = false;
  const stop = (signal: NodeJS.Signals | 'max-duration', why: string): void => {
    if (stopping) return;
    stopping = true;
    const planned = checksPlanned();
    const reason = `stopped by ${why} after ${checksEnded} of ${planned} checks had ended (${planned - checksEnded} did not end or never started): no verdict; the checks that ended are listed with their outcomes; run it again to get a verdict`;
    writeStopped(reason);
    console.error(`banklink-conformance: stopped by ${why}; the reports in ${config.reportDir} say the run was interrupted`);
    const code = signal === 'max-duration' ? 2 : signal === 'SIGINT' ? 130 : signal === 'SIGHUP' ? 129 : 143;
    const bound = new Promise((resolveBound) => setTimeout(resolveBound, 1_000));
    void Promise.race([stopReference(), bound]).finally(() => {
      // Written again as the process ends: a request in flight at the signal may have created one more resource since.
      const stopped = writeStopped(reason);
      if (stopped) tellCi(stopped.results, stopped.redactor);
      process.exit(code);
    });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop(signal, signal));
  // A cancelled job often signals only the process it started (npm, npx), whose shell then ends
  // without passing the signal on: this process is left to its parent's parent. Losing the parent
  // stops the run as a hang-up would, so nothing goes on writing to the target unseen.
  const parentAtStart = process.ppid;
  const orphanWatch = setInterval(() => {
    if (process.ppid !== parentAtStart) stop('SIGHUP', 'the end of its parent process (the command that started it was stopped)');
  }, 100);
  orphanWatch.unref();
  // The hard bound: whatever the run waits on (a preflight read's Retry-After, a token command, a
  // check that does not end), it ends within a second of --max-duration with an interrupted run's
  // reports, unless it is already writing its own (the checks' runner stops at the bound itself).
  const hardBound = setTimeout(
    () => {
      if (!finishing) stop('max-duration', `its time bound (--max-duration ${config.maxDurationS} s)`);
    },
    config.maxDurationS * 1000 + 800,
  );
  hardBound.unref();

  // Read before the run, so a wrong --baseline path is one sentence at once, not after the run.
  const baseline = config.baseline === undefined ? undefined : readRun(config.baseline, '--baseline');

  try {
    if (config.baseUrl === undefined) {
      reference = await startReference({});
      console.error(`no --base-url: testing the embedded reference implementation at ${reference.url}`);
    }
    // The bound counts from the run's start (preflight and loading the suites included).
    const deadlineMs = (): number => config.maxDurationS * 1000 - (Date.now() - startedAt.getTime());
    // Loaded only to run (--help, --list and a bad flag answer without the suites), and loaded while
    // the preflight waits for its answers: the module transforms need the CPU, not the target.
    const engine = import('../runner/check-engine.js').then(async (loaded) => {
      await loaded.loadSuites();
      return loaded;
    });
    engine.catch(() => undefined); // met again where the checks start, if the preflight lets them

    const done = await conformanceRun({
      config,
      ...(reference ? { reference } : {}),
      reportDir,
      startedAt,
      runId,
      ...(baseline
        ? { compare: (results) => compareRuns(baseline, results), earlierValueClasses: baseline.valueClasses?.covered ?? [] }
        : {}),
      onChecksStart: (resultsOf, preflightReads, runRedactor) =>
        (interruptedResults = { resultsOf, preflight: preflightReads, redactor: runRedactor }),
      runChecks: async (settings) => {
        const progress = new Progress(process.stderr, {
          env: process.env,
          ...(config.shard || config.check ? {} : { expectedTotal: checks.length }),
        });
        console.error(
          runHeader({
            implementation,
            baseUrl: settings.baseUrl,
            checks: config.check ? `${checksNamed(config.check).join(', ')} (--check) and the run-wide checks` : `${checks.length} checks`,
            runId,
            seed: settings.seed,
          }),
        );
        // The runner stops starting checks at the bound and reports what it has; this is the last resort
        // for a check that does not end even then (each request is bounded, so it should never fire).
        const lastResort = setTimeout(
          () => {
            console.error(`the run went past --max-duration ${config.maxDurationS} s and did not stop; ended without reports`);
            process.exit(2);
          },
          (config.maxDurationS + 60) * 1000,
        );
        lastResort.unref();
        const { runSuites } = await engine;
        const run = await runSuites(settings, {
          ...(config.shard ? { shard: config.shard } : {}),
          ...(config.check ? { only: checksNamed(config.check) } : {}),
          deadlineMs: deadlineMs(),
          boundS: config.maxDurationS,
          // The checks still running at the bound get half a second before the run ends with what has ended.
          abandonAfterMs: 500,
          failFast: config.failFast,
          events: {
            onStart: (n: number) => {
              checksCollected += n;
              progress.addTotal(n);
            },
            onCheck: (r: CheckResult, doneCount: number) => {
              checksEnded = doneCount;
              ended.push(r);
              progress.onCheck(r, doneCount);
            },
          },
        });
        clearTimeout(lastResort);
        finishing = true;
        // Stopped meanwhile: the interrupted reports stand, and the exit is on its way.
        if (stopping) await new Promise<never>(() => undefined);
        progress.end();
        if (config.failFast && run.results.some((r) => r.outcome === 'fail')) {
          console.error(`--fail-fast: stopped after the first failing check; ${run.results.length} checks ran, the others did not start`);
        }
        await stopReference();
        return run;
      },
    });
    writeWhy = undefined;
    const { results, redactor } = done;
    if (done.refusal !== undefined) {
      tellCi(results, redactor);
      throw new CannotRun(done.refusal);
    }
    console.log(redactor.text(summaryText(results, paintFor(process.stdout, process.env), done.files, done.sinceBaseline)));
    tellCi(results, redactor);
    // Checks left running at the time bound may still be sending: the reports are written, the run ends here.
    if (done.run?.abandoned) {
      await Promise.race([stopReference(), new Promise((resolveBound) => setTimeout(resolveBound, 300))]);
      process.exit(done.code);
    }
    return done.code;
  } finally {
    await stopReference();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const tokens = [process.env.CONFORMANCE_TOKEN, process.env.CONFORMANCE_TOKEN_B].filter((t): t is string => Boolean(t));
    const redactor = redactorFor({ tokenA: tokens[0], tokenB: tokens[1] });
    const expected = error instanceof ConfigError || error instanceof CannotRun || error instanceof CompareInputError;
    const sentence = expected
      ? (error as Error).message
      : `internal error: ${redactor.text((error as Error)?.message ?? String(error))}; please report it with the command you ran`;
    console.error(`banklink-conformance: ${sentence}`);
    // What could not run before the settings were read: no target, no seed, no report directory of its own.
    const unread: UnfinishedRun = { baseUrl: undefined, seed: 0, runs: 0, readOnly: false, strict: false, startedAt: new Date() };
    let written: Written | undefined;
    try {
      if (writeWhy) written = writeWhy('could-not-run', sentence);
      else if (error instanceof ConfigError) {
        // The settings could not be read: an earlier run's reports where this one would have written are replaced.
        const dir = earlierReportsDir(process.argv.slice(2), process.env, process.cwd());
        if (dir) written = { results: writeUnfinished(dir, unread, 'could-not-run', `could not start: ${sentence}`, redactor), redactor };
      }
    } catch {
      // The sentence above is the run's outcome; a report directory that cannot be written adds nothing to it.
    }
    // The CI's page says the run could not run and why, even when no report could be written.
    tellCi(written?.results ?? unfinishedResults(unread, 'could-not-run', sentence), written?.redactor ?? redactor);
    process.exitCode = 2;
  },
);
