/**
 * Conformance runs made one after another in one process, on suite runners kept warm: the CLI's run
 * (its flags through loadConfig, then the one pipeline of src/runner/conformance-run.ts) without
 * starting node, tsx and vitest each time, which is most of a short run's cost. The project's fault
 * and variation matrices make a hundred runs through it (test/support/warm-pool.ts); the CLI itself
 * is proven as a process by the other matrix tests. Only runs against a --base-url: the embedded
 * reference belongs to the CLI.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { paintFor, summaryText } from '../report/console.js';
import type { Results } from '../results/results.js';
import type { RunSettings } from '../harness/settings.js';
import { conformanceRun } from './conformance-run.js';
import { SuiteRunner } from './run-suites.js';
import { shardFiles } from './sequencer.js';

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
    const done = await conformanceRun({
      config,
      reportDir,
      runChecks: async (settings) =>
        (await this.runnerFor(settings)).run(settings, {
          failFast: config.failFast,
          deadlineMs: config.maxDurationS * 1000,
          ...(config.shard ? { files: shardFiles(config.shard) } : {}),
        }),
    });
    return { code: done.code, stdout: done.redactor.text(summaryText(done.results, PLAIN, done.files)), reportDir, results: done.results };
  }

  private async runnerFor(settings: RunSettings): Promise<SuiteRunner> {
    const key = `${settings.concurrency} ${settings.checkTimeoutMs}`;
    let runner = this.runners.get(key);
    if (runner === undefined) {
      runner = await SuiteRunner.create(settings);
      this.runners.set(key, runner);
    }
    return runner;
  }

  async close(): Promise<void> {
    for (const runner of this.runners.values()) await runner.close();
    this.runners.clear();
  }
}
