/**
 * The write budget (--max-writes): a slot is reserved before any request that could create a
 * resource is sent, and given back when the answer shows nothing was created (not a 2xx). So the
 * cap holds even under concurrency and even against a server that creates on a request it should
 * have refused.
 */
export class WriteBudget {
  private used = 0;
  constructor(readonly max: number) {}

  /** True when a slot was reserved; false when the budget is spent (the caller must skip). */
  tryReserve(): boolean {
    if (this.used >= this.max) return false;
    this.used += 1;
    return true;
  }

  release(): void {
    if (this.used > 0) this.used -= 1;
  }

  get remaining(): number {
    return this.max - this.used;
  }

  get spent(): number {
    return this.used;
  }
}
