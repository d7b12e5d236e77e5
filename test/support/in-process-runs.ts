/**
 * Whole conformance runs made in the test's own process, as the CLI makes them (its flags through
 * loadConfig, then the one pipeline, src/runner/conformance-run.ts, and the check engine), at most
 * `size` at once: the fault and variation matrices make a hundred runs through it without starting
 * a process each. The CLI as a process is proven by the other matrix tests. A run that does not end
 * within its bound fails the test that asked (its requests are bounded, so it ends on its own).
 */
import { WarmRuns } from '../../src/runner/warm-runs.js';
import type { CliRun } from './run-cli.js';

export class InProcessRuns {
  private readonly runs = new WarmRuns();
  private readonly waiting: (() => void)[] = [];
  private inFlight = 0;

  constructor(private readonly size: number) {}

  /** One run, as runCli would make it (tokens from the arguments, as targetArgs gives them). */
  async run(argv: string[], options: { env?: Record<string, string>; boundMs?: number } = {}): Promise<CliRun> {
    while (this.inFlight >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight += 1;
    const started = Date.now();
    const boundMs = options.boundMs ?? 150_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the run did not end within ${boundMs} ms: ${argv.join(' ')}`)), boundMs);
      });
      const run = await Promise.race([this.runs.run(argv, options.env ?? {}), late]);
      return {
        code: run.code,
        stdout: run.stdout,
        stderr: '',
        reportDir: run.reportDir,
        results: run.results,
        durationMs: Date.now() - started,
      };
    } finally {
      clearTimeout(timer);
      this.inFlight -= 1;
      this.waiting.shift()?.();
    }
  }

  close(): void {
    void this.runs.close();
  }
}
