/**
 * The run a newcomer makes first, `npm run conformance` with no target: the CLI starts its embedded
 * reference and judges it (a child process, start-up included, as the user waits for it). The
 * requests are the client's count (results.json traffic): the reference lives inside the run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Results } from '../src/results/results.js';
import { timedCliRun } from './cli-process.js';

export interface EmbeddedRunFigures {
  seconds: number;
  requests: number;
  exitCode: number | null;
  verdict: string | undefined;
  /** The client's account of the run's traffic (results.json traffic). */
  traffic?: Results['traffic'];
  /** Never measured here (bench/request-chains.ts reads a --base-url run's HAR). */
  chains?: undefined;
}

export async function embeddedRun(timeoutMs = 120_000): Promise<EmbeddedRunFigures> {
  const reportDir = mkdtempSync(join(tmpdir(), 'blc-bench-embedded-'));
  const { seconds, exitCode, results } = await timedCliRun([], reportDir, {}, timeoutMs);
  return {
    seconds,
    requests: results.traffic?.requests ?? 0,
    exitCode,
    verdict: results.verdict,
    ...(results.traffic ? { traffic: results.traffic } : {}),
  };
}
