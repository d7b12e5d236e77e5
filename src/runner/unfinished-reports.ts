/**
 * Every exit writes the truth. From the moment the report directory is known until the run's own
 * reports replace them, the reports say the run has not finished; a run stopped by a signal, crashed,
 * or unable to start writes why instead. So a CI job, or a person reading reports/ afterwards, never
 * finds an earlier run's verdict there: a CONFORMANT that this run never gave.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Redactor } from '../http/redact.js';
import { buildResults, type Results } from '../results/results.js';
import { writeReports } from '../report/write.js';

export interface UnfinishedRun {
  baseUrl: string | undefined;
  seed: number;
  runs: number;
  readOnly: boolean;
  strict: boolean;
  startedAt: Date;
}

/** Reports that say the run gave no verdict, and why: `interrupted` (it began) or `could-not-run` (it never did). */
export function unfinishedResults(run: UnfinishedRun, verdict: 'interrupted' | 'could-not-run', reason: string): Results {
  return buildResults({
    target: { baseUrl: run.baseUrl ?? '(the embedded reference)', embedded: run.baseUrl === undefined },
    startedAt: run.startedAt,
    durationMs: Date.now() - run.startedAt.getTime(),
    seed: run.seed,
    runs: run.runs,
    readOnly: run.readOnly,
    strict: run.strict,
    checkResults: [],
    errors: [reason],
    ...(verdict === 'interrupted' ? { interrupted: true } : {}),
  });
}

export function writeUnfinished(
  dir: string,
  run: UnfinishedRun,
  verdict: 'interrupted' | 'could-not-run',
  reason: string,
  redactor: Redactor,
): void {
  writeReports(dir, unfinishedResults(run, verdict, reason), redactor);
}

/**
 * The report directory a run that could not even read its settings would have written to (--report-dir,
 * CONFORMANCE_REPORT_DIR, or reports/), when an earlier run's results are there to be replaced.
 */
export function earlierReportsDir(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  let given: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === '--report-dir') given = argv[i + 1];
    else if (arg.startsWith('--report-dir=')) given = arg.slice('--report-dir='.length);
  });
  const dir = resolve(cwd, given ?? env.CONFORMANCE_REPORT_DIR ?? 'reports');
  return existsSync(join(dir, 'results.json')) ? dir : undefined;
}
