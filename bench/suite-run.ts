/**
 * One full default CLI run (a child process, as a user runs it) against a reference started here,
 * so the requests can be counted at the server (requestCounts) and an added latency simulates a
 * remote target.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startReference } from '../src/lab/server.js';
import type { Results } from '../src/results/results.js';
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
}

const cli = fileURLToPath(new URL('../src/bin/cli.ts', import.meta.url));

export async function suiteRun(options: {
  latencyMs: number;
  extraBanks?: number;
  concurrency?: number;
  timeoutMs?: number;
  variation?: string;
  /** Read the run's HAR for its longest chains of dependent requests. */
  chains?: boolean;
}): Promise<SuiteRunFigures> {
  const reference = await startReference({
    latencyMs: options.latencyMs,
    extraBanks: options.extraBanks ?? 0,
    ...(options.variation !== undefined ? { variation: options.variation } : {}),
  });
  const reportDir = mkdtempSync(join(tmpdir(), 'blc-bench-'));
  const args = [
    '--base-url',
    reference.url,
    '--user-id',
    reference.callers.a.userIds[0] as string,
    '--user-id-b',
    reference.callers.b.userIds[0] as string,
    '--report-dir',
    reportDir,
    ...(options.concurrency ? ['--concurrency', String(options.concurrency)] : []),
  ];
  try {
    const started = performance.now();
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      const proc = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), cli, ...args], {
        stdio: ['ignore', 'ignore', 'inherit'],
        // Tokens through the environment, as README asks of users (a token flag draws the CLI's warning).
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          CI: 'true',
          CONFORMANCE_TOKEN: reference.callers.a.token,
          CONFORMANCE_TOKEN_B: reference.callers.b.token,
        },
      });
      const timer = setTimeout(() => proc.kill('SIGKILL'), options.timeoutMs ?? 300_000);
      proc.on('error', reject);
      proc.on('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    const seconds = (performance.now() - started) / 1000;
    const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as Results;
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
      ...chains,
    };
  } finally {
    await reference.close();
  }
}
