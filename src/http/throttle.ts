/**
 * Throttling, from both sides: a client-side rate limit (--rate-limit requests per second) so the
 * suite stays under a target's limits, and the reading of Retry-After on a 429 (seconds or an HTTP
 * date, RFC 9110 10.2.3).
 */
export function parseRetryAfter(header: string | undefined, now: number = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Spaces request starts at least 1/rate seconds apart; rate 0 means no limit. */
export class RateLimiter {
  private nextStart = 0;
  private readonly intervalMs: number;

  constructor(requestsPerSecond: number) {
    this.intervalMs = requestsPerSecond > 0 ? 1000 / requestsPerSecond : 0;
  }

  async wait(): Promise<void> {
    if (this.intervalMs === 0) return;
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + this.intervalMs;
    if (start > now) await sleep(start - now);
  }
}
