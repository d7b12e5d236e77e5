/**
 * A pool of warm runner processes (test/support/warm-runner.ts) that the fault and variation matrices
 * send their runs to instead of starting the CLI each time: `runWarm(args)` gives what `runCli(args)`
 * gives (exit code, summary, reports and results.json), a run at a time per process, as many
 * processes as the machine has cores to spare. A run that does not end within its bound kills its
 * process (a new one takes its place) and fails the test that asked.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Results } from '../../src/results/results.js';
import { staleBundle, warmRunnerBundle } from './cli-bundle.js';
import { projectRoot, type CliRun } from './run-cli.js';

interface Pending {
  resolve: (run: CliRun) => void;
  reject: (error: Error) => void;
  started: number;
}

class WarmProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, Pending>();
  private stderr = '';
  busy = false;

  constructor() {
    const stale = staleBundle();
    if (stale !== undefined) throw new Error(`${stale}: refusing to run old code`);
    this.child = spawn(process.execPath, [warmRunnerBundle], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true' },
    });
    this.child.stderr.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-20_000);
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      const answer = JSON.parse(line) as { id: number; code?: number; stdout?: string; reportDir?: string; error?: string };
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.error !== undefined) return waiting.reject(new Error(`the warm runner could not make the run: ${answer.error}`));
      const reportDir = answer.reportDir as string;
      const file = join(reportDir, 'results.json');
      const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;
      waiting.resolve({
        code: answer.code ?? null,
        stdout: answer.stdout ?? '',
        stderr: this.stderr,
        reportDir,
        ...(results ? { results } : {}),
        durationMs: Date.now() - waiting.started,
      });
    });
    this.child.on('close', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`the warm runner ended: ${this.stderr.slice(-2_000)}`));
      this.pending.clear();
    });
  }

  run(id: number, argv: string[], env: Record<string, string>, boundMs: number): Promise<CliRun> {
    return new Promise<CliRun>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        reject(new Error(`the run did not end within ${boundMs} ms: ${argv.join(' ')}`));
      }, boundMs);
      const done =
        <T>(settle: (value: T) => void) =>
        (value: T) => {
          clearTimeout(timer);
          settle(value);
        };
      this.pending.set(id, { resolve: done(resolve), reject: done(reject), started: Date.now() });
      this.child.stdin.write(`${JSON.stringify({ id, argv, env })}\n`);
    });
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  close(): void {
    this.child.stdin.end();
  }
}

export class WarmPool {
  private readonly processes: WarmProcess[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;

  constructor(private readonly size: number) {}

  /** One run, as runCli would make it (tokens from the arguments, as targetArgs gives them). */
  async run(argv: string[], options: { env?: Record<string, string>; boundMs?: number } = {}): Promise<CliRun> {
    const worker = await this.acquire();
    try {
      return await worker.run(this.nextId++, argv, options.env ?? {}, options.boundMs ?? 150_000);
    } finally {
      this.release(worker);
    }
  }

  private async acquire(): Promise<WarmProcess> {
    for (;;) {
      const idle = this.processes.find((p) => !p.busy && p.alive);
      if (idle) {
        idle.busy = true;
        return idle;
      }
      const live = this.processes.filter((p) => p.alive);
      if (live.length < this.size) {
        this.processes.splice(0, this.processes.length, ...live);
        const fresh = new WarmProcess();
        fresh.busy = true;
        this.processes.push(fresh);
        return fresh;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private release(worker: WarmProcess): void {
    worker.busy = false;
    this.waiting.shift()?.();
  }

  close(): void {
    for (const p of this.processes) p.close();
  }
}
