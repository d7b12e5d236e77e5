/**
 * Progress while the checks run: "checks 12/47  3.4 s" with the last check's outcome. On a terminal
 * the line is redrawn in place (and its clock ticks every second while a slow check runs); anywhere
 * else (CI logs, files, CI=true) a plain line every 10 checks or every 15 s, so a long run shows it
 * is alive without flooding the log and without escape codes.
 */
import type { CheckResult } from '../../contract/checks/types.js';
import { paintFor, type Paint } from './console.js';

export interface ProgressOptions {
  env?: NodeJS.ProcessEnv;
  /** Checks the run will execute, when known up front (the registry, without --shard). */
  expectedTotal?: number;
  now?: () => number;
}

const PLAIN_EVERY_CHECKS = 10;
const PLAIN_EVERY_MS = 15_000;

export const isInteractive = (stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean =>
  Boolean(stream.isTTY) && env.CI === undefined && env.TERM !== 'dumb';

export class Progress {
  private collected = 0;
  private done = 0;
  private last: CheckResult | undefined;
  private lastPlainAt: number;
  private readonly started: number;
  private readonly interactive: boolean;
  private readonly paint: Paint;
  private readonly now: () => number;
  private ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly options: ProgressOptions = {},
  ) {
    const env = options.env ?? process.env;
    this.now = options.now ?? Date.now;
    this.started = this.now();
    this.lastPlainAt = this.started;
    this.interactive = isInteractive(stream, env);
    this.paint = paintFor(stream, env);
    if (this.interactive) {
      this.ticker = setInterval(() => this.draw(), 1_000);
      this.ticker.unref();
    }
  }

  /** Called as the check engine plans the run (its shard's checks); the registry's count wins when it is known. */
  addTotal(count: number): void {
    this.collected += count;
  }

  get total(): number {
    return Math.max(this.done, this.options.expectedTotal ?? 0, this.collected);
  }

  line(coloured = true): string {
    const elapsed = ((this.now() - this.started) / 1000).toFixed(1);
    const outcome = this.last ? (coloured ? this.colour(this.last.outcome) : this.last.outcome) : '';
    const last = this.last ? `  last: ${this.last.id} ${outcome}` : '';
    return `checks ${this.done}/${this.total}  ${elapsed} s${last}`;
  }

  onCheck(result: CheckResult, done: number): void {
    this.done = done;
    this.last = result;
    if (this.interactive) {
      this.draw();
      return;
    }
    const now = this.now();
    if (done % PLAIN_EVERY_CHECKS === 0 || now - this.lastPlainAt >= PLAIN_EVERY_MS) {
      this.lastPlainAt = now;
      this.stream.write(`${this.line()}\n`);
    }
  }

  /** Clears the live line (the summary follows) or, in a log, says the checks are all done. */
  end(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
    if (this.interactive) this.stream.write('\r\u001b[2K');
    else this.stream.write(`checks ${this.done}/${this.total} done in ${((this.now() - this.started) / 1000).toFixed(1)} s\n`);
  }

  private draw(): void {
    // One terminal row at most: a wrapped line cannot be redrawn in place.
    const width = this.stream.columns ?? 100;
    const plain = this.line(false);
    // Cutting a coloured line could split an escape code: a line too long is cut plain.
    const text = plain.length > width - 1 ? plain.slice(0, width - 2) : this.line();
    this.stream.write(`\r\u001b[2K${text}`);
  }

  private colour(outcome: CheckResult['outcome']): string {
    if (outcome === 'fail') return this.paint.red(outcome);
    if (outcome === 'warn' || outcome === 'inconclusive') return this.paint.yellow(outcome);
    if (outcome === 'pass') return this.paint.green(outcome);
    return outcome;
  }
}
