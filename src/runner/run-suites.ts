/**
 * Runs suites/ with vitest, programmatically: one worker, isolate off (so the suites share one
 * client, one write budget and one exchange log), checks concurrent within a file up to
 * --concurrency, files in a fixed order. Returns the collected results.
 */
import { startVitest } from 'vitest/node';
import type { CheckResult } from '../checks/types.js';
import { packageRoot, suitesDir } from '../paths.js';
import { CollectorReporter, type CollectorEvents } from '../report/collector.js';
import type { RunSettings } from '../suite/settings.js';
import { SuiteSequencer } from './sequencer.js';

export interface SuiteRun {
  results: CheckResult[];
  errors: string[];
}

export async function runSuites(settings: RunSettings, options: { shard?: string; events?: CollectorEvents }): Promise<SuiteRun> {
  const collector = new CollectorReporter(options.events);
  const vitest = await startVitest(
    'test',
    [],
    {
      config: false,
      root: packageRoot,
      dir: suitesDir,
      include: ['**/*.test.ts'],
      exclude: [],
      watch: false,
      reporters: [collector],
      provide: { conformance: settings },
      pool: 'threads',
      maxWorkers: 1,
      isolate: false,
      fileParallelism: false,
      maxConcurrency: settings.concurrency,
      testTimeout: settings.checkTimeoutMs + 5_000,
      hookTimeout: settings.checkTimeoutMs,
      passWithNoTests: false,
      ...(options.shard ? { shard: options.shard } : {}),
      sequence: { sequencer: SuiteSequencer, shuffle: false, concurrent: false },
    },
    { logLevel: 'silent', server: { watch: null } },
  );
  await vitest.close();
  return { results: collector.results, errors: collector.errors };
}
