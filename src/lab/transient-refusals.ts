/**
 * A load balancer in front of the reference that refuses a share of requests with 503 Service
 * Unavailable before they reach the service (so nothing of them is stored), with Retry-After as
 * seconds or as an HTTP-date by the server's clock (RFC 9110 10.2.3), as gateways and maintenance
 * pages do. Which requests are refused follows a seeded generator, so a run can be replayed.
 */
export class TransientRefusals {
  private state: number;
  /** 503s answered, for tests that must see the gateway actually refused. */
  refused = 0;

  constructor(
    private readonly share: number,
    private readonly retryAfter: 'seconds' | 'date',
    seed: number,
  ) {
    this.state = seed >>> 0 || 1;
  }

  /** The headers of a 503 when this request is refused; undefined when it goes on to the service. */
  refuse(serverNow: Date): Record<string, string> | undefined {
    if (this.share <= 0 || this.next() >= this.share) return undefined;
    this.refused += 1;
    const seconds = 1;
    const value = this.retryAfter === 'seconds' ? String(seconds) : new Date(serverNow.getTime() + seconds * 1000).toUTCString();
    return { 'retry-after': value };
  }

  /** xorshift32: small, seedable, and good enough to spread refusals over a run. */
  private next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 0x1_0000_0000;
  }
}
