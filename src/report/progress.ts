/**
 * Progress while the checks run: a line redrawn in place on a terminal; in CI a plain line every
 * 10 checks, so a long run shows it is alive without flooding the log.
 */
import type { CheckResult } from '../checks/types.js';

export class Progress {
  private total = 0;
  private readonly started = Date.now();

  constructor(private readonly stream: NodeJS.WriteStream) {}

  addTotal(count: number): void {
    this.total += count;
  }

  onCheck(result: CheckResult, done: number): void {
    const elapsed = ((Date.now() - this.started) / 1000).toFixed(1);
    const line = `checks ${done}/${Math.max(done, this.total)}  ${elapsed} s  last: ${result.id} ${result.outcome}`;
    if (this.stream.isTTY) this.stream.write(`\r\u001b[2K${line}`);
    else if (done % 10 === 0) this.stream.write(`${line}\n`);
  }

  end(): void {
    if (this.stream.isTTY) this.stream.write('\r\u001b[2K');
  }
}
