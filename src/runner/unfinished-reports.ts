/**
 * Every exit writes the truth. From the moment the report directory is known until the run's own
 * reports replace them, the reports say the run has not finished; a run stopped by a signal, crashed,
 * or unable to start writes why instead. So a CI job, or a person reading reports/ afterwards, never
 * finds an earlier run's verdict there: a CONFORMANT that this run never gave.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Implementation } from '../core/identity/implementation.js';
import type { Redactor } from '../http/redact.js';
import { buildResults, type Results, type Target } from '../results/results.js';
import { journalIds } from '../results/report/created-journal.js';
import { UNFINISHED_CREATOR } from '../results/report/wording.js';
import { writeReports } from '../results/report/write.js';

export interface UnfinishedRun {
  /** The run's id, shared with the reports that replace these. */
  runId?: string;
  /** What is tested (--implementation), named first as in every report. */
  implementation?: Implementation | undefined;
  baseUrl: string | undefined;
  /** The configured Users and second caller, so the replay line of an unfinished run names them too. */
  userId?: string | undefined;
  userIdB?: string | undefined;
  secondCaller?: boolean;
  maxWrites?: number | undefined;
  seed: number;
  runs: number;
  readOnly: boolean;
  strict: boolean;
  startedAt: Date;
}

/** Reports that say the run gave no verdict, and why: `interrupted` (it began) or `could-not-run` (it never did). */
export function unfinishedResults(run: UnfinishedRun, verdict: 'interrupted' | 'could-not-run', reason: string): Results {
  const implementation = run.implementation !== undefined ? { implementation: run.implementation } : {};
  const target: Target =
    run.baseUrl === undefined
      ? { ...implementation, baseUrl: '(the embedded reference)', embedded: true }
      : {
          ...implementation,
          baseUrl: run.baseUrl,
          embedded: false,
          ...(run.userId !== undefined ? { userId: run.userId } : {}),
          ...(run.userIdB !== undefined ? { userIdB: run.userIdB } : {}),
          secondCaller: run.secondCaller ?? false,
        };
  return buildResults({
    ...(run.runId !== undefined ? { runId: run.runId } : {}),
    target,
    ...(run.maxWrites !== undefined ? { maxWrites: run.maxWrites } : {}),
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

/** Writes the reports of a run that gave no verdict; the results written, for what else is told of the run (the CI's page). */
export function writeUnfinished(
  dir: string,
  run: UnfinishedRun,
  verdict: 'interrupted' | 'could-not-run',
  reason: string,
  redactor: Redactor,
): Results {
  const results = unfinishedResults(run, verdict, reason);
  writeReports(dir, results, redactor);
  return results;
}

/** Interrupted reports made from what the run had when it stopped (the checks that ended), with created.json's creations; the results written. */
export function writeInterrupted(dir: string, results: Results, redactor: Redactor): Results {
  const written = withJournalledCreations(results, dir);
  writeReports(dir, written, redactor);
  return written;
}

/**
 * The resources created.json lists that the results do not: a run stopped mid-way knows them only
 * from the journal (the checks that created them never ended), and they exist on the target.
 */
export function withJournalledCreations(results: Results, dir: string): Results {
  const known = new Set(results.created.map((c) => c.id));
  const missing = journalIds(dir).filter((id) => !known.has(id));
  if (missing.length === 0) return results;
  return {
    ...results,
    created: [...results.created, ...missing.map((id) => ({ resource: 'user_bank' as const, id, check: UNFINISHED_CREATOR }))],
  };
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
