/**
 * Conformance runs made one after another in one process, on suite runners kept warm: the CLI's run
 * (its flags through loadConfig, then the one pipeline of src/runner/conformance-run.ts) without
 * starting node and tsx each time, which is most of a short run's cost. The project's fault
 * and variation matrices make a hundred runs through it (test/support/in-process-runs.ts); the CLI itself
 * is proven as a process by the other matrix tests. Only runs against a --base-url: the embedded
 * reference belongs to the CLI.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checksNamed, loadConfig } from '../config/config.js';
import { paintFor, summaryText } from '../results/report/console.js';
import type { Results } from '../results/results.js';
import { runSuites } from './check-engine.js';
import { conformanceRun } from './conformance-run.js';

export interface WarmRun {
  code: number;
  /** The console summary the CLI would have printed. */
  stdout: string;
  reportDir: string;
  results: Results;
}

const PLAIN = paintFor({ isTTY: false } as NodeJS.WriteStream, {});

export class WarmRuns {
  async run(argv: readonly string[], env: Record<string, string>): Promise<WarmRun> {
    const withDir = argv.includes('--report-dir') ? [...argv] : [...argv, '--report-dir', mkdtempSync(join(tmpdir(), 'blc-warm-'))];
    const config = loadConfig({ argv: withDir, env });
    if (config.baseUrl === undefined) throw new Error('a warm run needs --base-url: the embedded reference is started by the CLI only');
    const reportDir = config.reportDir;
    const done = await conformanceRun({
      config,
      reportDir,
      runChecks: (settings) =>
        runSuites(settings, {
          failFast: config.failFast,
          deadlineMs: config.maxDurationS * 1000,
          ...(config.shard ? { shard: config.shard } : {}),
          ...(config.check ? { only: checksNamed(config.check) } : {}),
        }),
    });
    return { code: done.code, stdout: done.redactor.text(summaryText(done.results, PLAIN, done.files)), reportDir, results: done.results };
  }
}
