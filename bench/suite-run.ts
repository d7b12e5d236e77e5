/**
 * One full default CLI run (a child process, as a user runs it) against a reference started here,
 * so the requests can be counted at the server (requestCounts) and an added latency simulates a
 * remote target.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReference, type RunningReference } from '../src/lab/server.js';
import type { Results } from '../src/results/results.js';
import { timedCliRun, type TimedCliRun } from './cli-process.js';
import { longestChains, type RunChains } from './request-chains.js';

export interface SuiteRunFigures {
  /** Wall clock of the CLI process, start to exit (node, tsx and vitest start-up included). */
  seconds: number;
  /** Requests the server answered during the run. */
  requests: number;
  exitCode: number | null;
  verdict: string | undefined;
  checks: number;
  /** Checks that ended inconclusive (a walk or a proof cut by its cap, a target too slow for a bound): the run is decided when none did. */
  undecided: number;
  /** Resources the run created (results.json created[]). */
  created: number;
  /** With chains: the checks with the longest chains of dependent requests (request-chains.ts). */
  chains?: RunChains;
  /** The client's own account of the run's traffic (results.json traffic: 429s, pauses, adapted rate). */
  traffic?: Results['traffic'];
  /** The CLI process's CPU time (start-up, every check's judging, the reports). */
  cpuMs?: number;
}

/**
 * One default CLI run against `reference` as caller A on the given Users and caller B on its first,
 * tokens through the environment as README asks of users (a token flag draws the CLI's warning).
 */
export function cliRunAgainst(
  reference: RunningReference,
  userIds: readonly string[],
  reportDir: string,
  options: { concurrency?: number; timeoutMs?: number } = {},
): Promise<TimedCliRun> {
  const args = [
    '--base-url',
    reference.url,
    '--user-id',
    userIds.join(','),
    '--user-id-b',
    reference.callers.b.userIds[0] as string,
    ...(options.concurrency ? ['--concurrency', String(options.concurrency)] : []),
  ];
  return timedCliRun(
    args,
    reportDir,
    { CONFORMANCE_TOKEN: reference.callers.a.token, CONFORMANCE_TOKEN_B: reference.callers.b.token },
    options.timeoutMs ?? 300_000,
  );
}

export async function suiteRun(options: {
  latencyMs: number;
  extraBanks?: number;
  concurrency?: number;
  timeoutMs?: number;
  variation?: string;
  /** Read the run's HAR for its longest chains of dependent requests. */
  chains?: boolean;
  /** Caller A's Users given to --user-id (indexes into the reference's; default the first, which holds extraBanks). */
  userIndexes?: number[];
}): Promise<SuiteRunFigures> {
  const reference = await startReference({
    latencyMs: options.latencyMs,
    extraBanks: options.extraBanks ?? 0,
    ...(options.variation !== undefined ? { variation: options.variation } : {}),
  });
  const reportDir = mkdtempSync(join(tmpdir(), 'blc-bench-'));
  const userIds = (options.userIndexes ?? [0]).map((i) => reference.callers.a.userIds[i] as string);
  try {
    const { seconds, exitCode, results, cpuMs } = await cliRunAgainst(reference, userIds, reportDir, {
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    });
    const requests = Object.values(reference.requestCounts).reduce((a, b) => a + b, 0);
    const chains = options.chains === true ? { chains: longestChains(join(reportDir, 'traffic.har'), 5) } : {};
    return {
      seconds,
      requests,
      exitCode,
      verdict: results.verdict,
      checks: results.checks.length,
      undecided: results.checks.filter((c) => c.outcome === 'inconclusive').length,
      created: results.created.length,
      ...(results.traffic ? { traffic: results.traffic } : {}),
      ...(cpuMs !== undefined ? { cpuMs } : {}),
      ...chains,
    };
  } finally {
    await reference.close();
  }
}
