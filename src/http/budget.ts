/**
 * The write budget (--max-writes): a slot is reserved before any request that could create a
 * resource is sent, and given back when the answer shows nothing was created (not a 2xx). So the
 * cap holds even under concurrency and even against a server that creates on a request it should
 * have refused. A request that finds every free slot held by writes still in flight waits for one of
 * them to settle instead of being refused: most of those are refusals (bad credentials sent side by
 * side) whose slots come back, and a small budget must not turn them into unsent checks.
 */
export class WriteBudget {
  /** Slots of writes that created something, or may have (no answer). */
  private used = 0;
  /** Slots of writes sent and not yet answered. */
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  constructor(private limit: number) {}

  get max(): number {
    return this.limit;
  }

  /** True when a slot was reserved; false when the budget is spent (the caller must skip). */
  async reserve(): Promise<boolean> {
    for (;;) {
      if (this.used >= this.limit) return false;
      if (this.used + this.inFlight < this.limit) {
        this.inFlight += 1;
        return true;
      }
      // Every free slot is held by a write in flight: one settles before its request's time-out.
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The reserved write is answered: `created` keeps its slot spent, otherwise it goes back. */
  settle(created: boolean): void {
    if (this.inFlight > 0) this.inFlight -= 1;
    if (created) this.used += 1;
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }

  /** A write sent outside the budget (its body could describe nothing) created something all the same: it is counted. */
  spendUnplanned(): void {
    this.used += 1;
  }

  /** More slots (the paging data top-up, when --max-writes is left at its default). */
  extend(slots: number): void {
    this.limit += Math.max(0, slots);
  }

  /** Slots neither spent nor held by a write in flight. */
  get remaining(): number {
    return Math.max(0, this.limit - this.used - this.inFlight);
  }

  get spent(): number {
    return this.used;
  }

  /** Writes sent under the budget and not yet answered. */
  get writesInFlight(): number {
    return this.inFlight;
  }
}
