/**
 * A gateway's rate limit in front of the reference (the throttled variation): a token bucket of
 * `perSecond` requests, refilled continuously, holding at most a second's worth. A request that finds
 * it empty is answered 429 with Retry-After: 1, as API gateways do. Throttling is legitimate: the
 * spec is silent on it, and RFC 6585 gives 429 this meaning.
 */
export class RateGate {
  private tokens: number;
  private last = performance.now();
  /** 429s answered, for tests that must see the gate actually pushed back. */
  refused = 0;

  constructor(private readonly perSecond: number) {
    this.tokens = perSecond;
  }

  /** True when the request may go on; false when it must be answered 429. */
  admit(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) * this.perSecond) / 1000);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    this.refused += 1;
    return false;
  }
}
