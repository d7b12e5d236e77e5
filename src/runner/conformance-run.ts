/**
 * One conformance run, from a resolved configuration to its results: the tokens a command gives, the
 * settings, the preflight, the checks, the results and their verdict, the reports. The CLI, the warm
 * runs of the project's matrices and the mutation judge all run through this one function, so a
 * step added here (a setting, a report) cannot be present in one of them and missing in another.
 *
 * What differs between them is passed in: how the checks are run (a suite runner made for this run,
 * or one kept warm), whether reports are written, and what the caller must know on the way (the
 * CLI's interrupted reports, its progress, its signals).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import type { Comparison } from '../results/compare/diff.js';
import type { ExchangeEvidence } from '../http/evidence.js';
import type { Redactor } from '../http/redact.js';
import { maskHeld, type HeldTraffic } from '../http/traffic-record.js';
import type { RunningReference } from '../lab/server.js';
import { CREATED_JOURNAL, CreatedJournal } from '../results/report/created-journal.js';
import { harPlace, writeReports } from '../results/report/write.js';
import { exitCodeFor, type Results } from '../results/results.js';
import { redactorFor } from '../harness/secrets.js';
import type { RunSettings } from '../harness/settings.js';
import { obtainTokens } from './obtain-tokens.js';
import { afterPreflight, preflight } from './preflight.js';
import { runResultsFor, type RunResults } from './run-results.js';
import type { SuiteRun } from './check-engine.js';
import { settingsFrom } from './settings-from.js';
import { valueClassCoverage } from '../results/value-classes-covered.js';

/** Runs the checks against the settings the preflight left: a fresh suite runner, or one kept warm. */
export type RunChecks = (settings: RunSettings) => Promise<SuiteRun>;

export interface ConformanceRunOptions {
  config: Config;
  /** The embedded reference the run is against, when there is no --base-url. */
  reference?: RunningReference;
  runChecks: RunChecks;
  /** Where the reports go; absent, none are written (the mutation judge needs only the verdict). */
  reportDir?: string;
  startedAt?: Date;
  /** The id the run's reports share; absent, a new one (the CLI gives the one its placeholder reports named). */
  runId?: string;
  /** What the run changed since a --baseline run (the report's comparison section). */
  compare?: (results: Results) => Comparison | undefined;
  /** The value classes the runs before this one covered (the --baseline's valueClasses.covered): this run's results add up to them. */
  earlierValueClasses?: readonly string[];
  /** Told once the preflight let the run go on: what the reports of a run stopped half-way are made from, and the run's redactor (tokens a command gave included). */
  onChecksStart?: (resultsOf: RunResults, preflight: ExchangeEvidence[], redactor: Redactor) => void;
}

export interface ConformanceRun {
  results: Results;
  /** 0 conformant, 1 non-conformant, 2 could not run (exitCodeFor). */
  code: number;
  redactor: Redactor;
  /** The sentence that stopped the run before its checks (the preflight's refusal). */
  refusal?: string;
  /** The checks' run, when they ran. */
  run?: SuiteRun;
  /** The files written, when a report directory was given. */
  files: string[];
  sinceBaseline?: Comparison;
}

export async function conformanceRun(options: ConformanceRunOptions): Promise<ConformanceRun> {
  const { config, reference, reportDir } = options;
  const startedAt = options.startedAt ?? new Date();
  // A command's token is obtained before anything is sent; the embedded reference issues its own.
  const obtained = reference === undefined ? await obtainTokens(config) : {};
  const given: RunSettings = {
    ...settingsFrom(config, reference, obtained),
    ...(reportDir === undefined ? {} : { createdJournalPath: join(reportDir, CREATED_JOURNAL) }),
  };
  if (reportDir !== undefined) CreatedJournal.inDir(reportDir, given.baseUrl).start();
  const redactor = redactorFor(given);
  const runId = options.runId ?? randomUUID();
  let resultsOf = runResultsFor(config, given, startedAt, redactor, runId);
  const har = reportDir === undefined ? undefined : harPlace(reportDir, config.har);
  const named = har === undefined ? {} : { har: har.name };
  /** The reports of `results` with the run's traffic, when there is a report directory; the files written. */
  // The run's traffic is held raw until now: masked here, once, as the HAR is written.
  const report = (results: Results, traffic: readonly HeldTraffic[], dropped: number, sinceBaseline?: Comparison): string[] =>
    reportDir === undefined || har === undefined
      ? []
      : [
          ...writeReports(reportDir, results, redactor, sinceBaseline, { records: maskHeld(traffic), dropped, path: har.path }),
          // Written as the run went (created-journal.ts), and listed with the others: it is the clean-up list.
          join(reportDir, CREATED_JOURNAL),
        ];

  const checked = await preflight(given, redactor);
  if (checked.refusal !== undefined) {
    // The reads that show the mistake are kept, so the report says what the target answered.
    const results = resultsOf([], [checked.refusal], checked.exchanges, named);
    const files = report(
      results,
      checked.records.map((record) => ({ record })),
      0,
    );
    return { results, code: exitCodeFor(results.verdict), redactor, refusal: checked.refusal, files };
  }
  const settings = afterPreflight(given, checked);
  // Of several Users named, the one the preflight chose is the run's: its results name it.
  if (checked.userChoice) resultsOf = runResultsFor(config, settings, startedAt, redactor, runId);
  options.onChecksStart?.(resultsOf, checked.exchanges, redactor);

  const run = await options.runChecks(settings);
  const valueClasses = valueClassCoverage(run.valueClassesTried ?? [], options.earlierValueClasses);
  const results = resultsOf(run.results, run.errors, checked.exchanges, {
    ...(valueClasses ? { valueClasses } : {}),
    ...(run.traffic ? { traffic: run.traffic } : {}),
    ...(run.consistency ? { consistency: run.consistency } : {}),
    ...(run.lists ? { lists: run.lists } : {}),
    ...named,
  });
  const sinceBaseline = options.compare?.(results);
  // The baseline's lists against this run's: growth in sight, in results.json and every report.
  if (sinceBaseline?.growth !== undefined && sinceBaseline.growth.length > 0) results.growth = sinceBaseline.growth;
  const files = report(results, [...checked.records.map((record) => ({ record })), ...run.exchanges], run.exchangesDropped, sinceBaseline);
  return { results, code: exitCodeFor(results.verdict), redactor, run, files, ...(sinceBaseline ? { sinceBaseline } : {}) };
}
