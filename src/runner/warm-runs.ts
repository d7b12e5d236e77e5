/**
 * Conformance runs made one after another in one process, on suite runners kept warm: the CLI's run
 * (its flags through loadConfig, its preflight, the suites, its results and reports, its exit code)
 * without starting node, tsx and vitest each time, which is most of a short run's cost (a one-file
 * `--shard` run against the reference: about 4.5 of its 5 seconds). The project's fault and
 * variation matrices make a hundred runs through it (test/support/warm-pool.ts); the CLI itself is
 * proven as a process by the other matrix tests. Only runs against a --base-url: the embedded
 * reference belongs to the CLI.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { paintFor, summaryText } from '../report/console.js';
import { exitCodeFor, type Results } from '../results/results.js';
import { harPlace, writeReports, type TrafficForHar } from '../report/write.js';
import { redactorFor } from '../harness/secrets.js';
import { afterPreflight, preflight } from './preflight.js';
import { obtainTokens } from './obtain-tokens.js';
import { runResultsFor } from './run-results.js';
import { SuiteRunner } from './run-suites.js';
import { shardFiles } from './sequencer.js';
import { settingsFrom } from './settings-from.js';

export interface WarmRun {
  code: number;
  /** The console summary the CLI would have printed. */
  stdout: string;
  reportDir: string;
  results: Results;
}

const PLAIN = paintFor({ isTTY: false } as NodeJS.WriteStream, {});

export class WarmRuns {
  /** One runner per fixed vitest configuration (concurrency, check bound): runs that agree share it. */
  private readonly runners = new Map<string, SuiteRunner>();

  async run(argv: readonly string[], env: Record<string, string>): Promise<WarmRun> {
    const withDir = argv.includes('--report-dir') ? [...argv] : [...argv, '--report-dir', mkdtempSync(join(tmpdir(), 'blc-warm-'))];
    const config = loadConfig({ argv: withDir, env });
    if (config.baseUrl === undefined) throw new Error('a warm run needs --base-url: the embedded reference is started by the CLI only');
    const reportDir = config.reportDir;
    const given = { ...settingsFrom(config, undefined, await obtainTokens(config)), createdJournalPath: join(reportDir, 'created.json') };
    const redactor = redactorFor(given);
    const startedAt = new Date();
    const resultsOf = runResultsFor(config, given, startedAt, redactor);
    const checked = await preflight(given, redactor);
    const settings = afterPreflight(given, checked);
    const har = harPlace(reportDir, config.har);
    let results: Results;
    let traffic: TrafficForHar = { records: checked.records, dropped: 0, path: har.path };
    if (checked.refusal !== undefined) results = resultsOf([], [checked.refusal], checked.exchanges, { har: har.name });
    else {
      const key = `${settings.concurrency} ${settings.checkTimeoutMs}`;
      let runner = this.runners.get(key);
      if (runner === undefined) {
        runner = await SuiteRunner.create(settings);
        this.runners.set(key, runner);
      }
      const run = await runner.run(settings, {
        failFast: config.failFast,
        deadlineMs: config.maxDurationS * 1000,
        ...(config.shard ? { files: shardFiles(config.shard) } : {}),
      });
      results = resultsOf(run.results, run.errors, checked.exchanges, {
        ...(run.traffic ? { traffic: run.traffic } : {}),
        ...(run.consistency ? { consistency: run.consistency } : {}),
        har: har.name,
      });
      traffic = { ...traffic, records: [...checked.records, ...run.exchanges], dropped: run.exchangesDropped };
    }
    const files = writeReports(reportDir, results, redactor, undefined, traffic);
    return { code: exitCodeFor(results.verdict), stdout: redactor.text(summaryText(results, PLAIN, files)), reportDir, results };
  }

  async close(): Promise<void> {
    for (const runner of this.runners.values()) await runner.close();
    this.runners.clear();
  }
}
