/**
 * Whole conformance runs made in the test's own process, as the CLI makes them (its flags through
 * loadConfig, then the one pipeline, src/runner/conformance-run.ts, and the check engine), at most
 * `size` at once: the fault and variation matrices make a hundred runs through it without starting
 * a process each. The CLI as a process is proven by the other matrix tests. A run that does not end
 * within its bound fails the test that asked (its requests are bounded, so it ends on its own).
 */
import { WarmRuns } from '../../src/runner/warm-runs.js';
import { atMost } from './at-most.js';
import type { CliRun } from './run-cli.js';

export class InProcessRuns {
  private readonly runs = new WarmRuns();
  private readonly inTurn: ReturnType<typeof atMost>;

  constructor(size: number) {
    this.inTurn = atMost(size);
  }

  /** One run, as runCli would make it (tokens from the arguments, as targetArgs gives them). */
  run(argv: string[], options: { env?: Record<string, string>; boundMs?: number } = {}): Promise<CliRun> {
    return this.inTurn(async () => {
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
      }
    });
  }
}
