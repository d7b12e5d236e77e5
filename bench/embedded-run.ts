/**
 * The run a newcomer makes first, `npm run conformance` with no target: the CLI starts its embedded
 * reference and judges it (a child process, start-up included, as the user waits for it). The
 * requests are the client's count (results.json traffic): the reference lives inside the run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Results } from '../src/results/results.js';

const cli = fileURLToPath(new URL('../src/bin/cli.ts', import.meta.url));

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
  const started = performance.now();
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), cli, '--report-dir', reportDir], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true' },
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as Results;
  return {
    seconds,
    requests: results.traffic?.requests ?? 0,
    exitCode,
    verdict: results.verdict,
    ...(results.traffic ? { traffic: results.traffic } : {}),
  };
}
