/** Runs `banklink-conformance compare ...` through the package's bin, as CI would, with a clean environment. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from './run-cli.js';

export interface CompareRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCompare(args: string[]): CompareRun {
  const run = spawnSync(process.execPath, [join(projectRoot, 'bin', 'banklink-conformance.mjs'), 'compare', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true' },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
