/**
 * Runs the real CLI as a child process (node + tsx, the same as `npm run conformance`) with a clean
 * environment: no CONFORMANCE_* from the developer's shell leaks in, CI=true, no stdin.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../../src/core/paths.js';
import type { Results } from '../../src/results/results.js';
import { cliBundle, staleBundle } from './cli-bundle.js';

/** The checkout under test, found as the CLI finds it (src/core/paths.ts). */
export const projectRoot = packageRoot;

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  reportDir: string;
  /** Parsed DIR/results.json, when the run wrote one. */
  results?: Results;
  durationMs: number;
}

export interface CliOptions {
  env?: Record<string, string>;
  /** Kill the child after this long (a hung run is a test failure, not a hung test). */
  timeoutMs?: number;
  cwd?: string;
  /** Kills the child at once when aborted (a run interrupted half-way, as a crash or a cancelled CI job would). */
  abort?: AbortSignal;
  /** The signal `abort` sends (default SIGKILL; SIGINT is Ctrl-C, SIGTERM a cancelled CI job). */
  killSignal?: NodeJS.Signals;
  /** Told of stderr as it comes (a test waiting for the run's progress). */
  onStderr?: (chunk: string) => void;
  /** Start src/bin/cli.ts through tsx, as `npm run conformance` does, instead of from the bundle. */
  viaTsx?: boolean;
  /** Node's arguments before the CLI's own, instead of the bundle or tsx (a test's stand-in for a CLI that crashes). */
  entry?: string[];
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'blc-report-'));
  const hasReportDir = args.some((a) => a === '--report-dir' || a.startsWith('--report-dir='));
  const fullArgs = hasReportDir ? args : [...args, '--report-dir', reportDir];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    CI: 'true',
    ...(options.env ?? {}),
  };
  const started = Date.now();
  // From the bundle built for this `npm test` (test/support/cli-bundle.ts), or through tsx's loader
  // by absolute URL: the child's cwd is a temp dir, where 'tsx' would not resolve.
  const entry =
    options.entry ?? (options.viaTsx ? ['--import', import.meta.resolve('tsx'), join(projectRoot, 'src', 'bin', 'cli.ts')] : [cliBundle]);
  const stale = options.entry === undefined && !options.viaTsx ? staleBundle() : undefined;
  if (stale !== undefined) return Promise.reject(new Error(`${stale}: refusing to run old code (freshBundles() builds it)`));
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...entry, ...fullArgs], {
      cwd: options.cwd ?? mkdtempSync(join(tmpdir(), 'blc-cwd-')),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      options.onStderr?.(d.toString());
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 150_000);
    options.abort?.addEventListener('abort', () => child.kill(options.killSignal ?? 'SIGKILL'), { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const dir = hasReportDir ? (fullArgs[fullArgs.indexOf('--report-dir') + 1] as string) : reportDir;
      const file = join(dir, 'results.json');
      const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
      resolvePromise({ code, stdout, stderr, reportDir: dir, ...(results ? { results } : {}), durationMs: Date.now() - started });
    });
  });
}

/** The CLI arguments that point the suite at a running reference, as a partner would. */
export function targetArgs(
  reference: { url: string; callers: { a: { token: string; userIds: string[] }; b: { token: string; userIds: string[] } } },
  withB = true,
): string[] {
  const args = ['--base-url', reference.url, '--token', reference.callers.a.token, '--user-id', reference.callers.a.userIds[0] as string];
  if (withB) args.push('--token-b', reference.callers.b.token, '--user-id-b', reference.callers.b.userIds[0] as string);
  return args;
}

/** Every artifact of a run as one string, for searching secrets and personal data. */
export function allOutput(run: CliRun): string {
  const files = ['results.json', 'junit.xml', 'report.md', 'report.html', 'traffic.har']
    .map((f) => join(run.reportDir, f))
    .filter(existsSync);
  return [run.stdout, run.stderr, ...files.map((f) => readFileSync(f, 'utf8'))].join('\n');
}
