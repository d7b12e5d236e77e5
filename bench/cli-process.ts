/**
 * The CLI as a user starts it (node through tsx, a child process, a clean environment plus `env`),
 * timed from spawn to exit, killed at `timeoutMs`, with the results.json it wrote (a killed run's
 * says it did not end; a run that wrote none is an error of the bench).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Results } from '../src/results/results.js';

const cli = fileURLToPath(new URL('../src/bin/cli.ts', import.meta.url));
const cpuAtExit = fileURLToPath(new URL('./cpu-at-exit.ts', import.meta.url));

export interface TimedCliRun {
  seconds: number;
  exitCode: number | null;
  results: Results;
  /** The CLI process's own CPU time (user + system), start-up and reports included; undefined when it wrote none (killed). */
  cpuMs?: number;
}

export async function timedCliRun(
  args: readonly string[],
  reportDir: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<TimedCliRun> {
  const cpuFile = join(reportDir, 'bench-cpu.json');
  const started = performance.now();
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), '--import', cpuAtExit, cli, ...args, '--report-dir', reportDir],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true', BENCH_CPU_FILE: cpuFile, ...env },
      },
    );
    const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as Results;
  const cpu = existsSync(cpuFile) ? (JSON.parse(readFileSync(cpuFile, 'utf8')) as { cpuMs: number }) : undefined;
  return { seconds, exitCode, results, ...(cpu ? { cpuMs: cpu.cpuMs } : {}) };
}
