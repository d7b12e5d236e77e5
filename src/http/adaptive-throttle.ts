/**
 * Client-wide adaptive throttling, after the "adaptive" retry mode of the AWS SDKs (a CUBIC-like
 * rate): one token bucket for every request of the run. A 429 halves its rate and pauses every
 * request until the Retry-After has passed; successes let the rate climb back towards the rate at
 * which the target last pushed back. The pause budget is wall-clock time the run stood still, so 20
 * requests throttled at once cost one Retry-After, not twenty. --rate-limit stays a ceiling.
 */
import { sleep } from './throttle.js';

/** What the run's traffic looked like, for the summary and results.json. */
export interface ThrottleStats {
  requests: number;
  /** 429 answers seen. */
  throttled: number;
  /** Wall-clock time every request stood paused for a Retry-After. */
  pausedMs: number;
  /** The adaptive rate at the end (requests per second); null when the target never pushed back. */
  adaptiveRate: number | null;
  /** The lowest rate the bucket went down to; null when never throttled. */
  lowestRate: number | null;
  /** --rate-limit; null when unlimited. */
  ceiling: number | null;
  /** Requests sent per second of the time between the first and the last request. */
  requestsPerSecond: number;
  /** Transient refusals (502, 503, 504) resent and handed on, connections resent, writes found stored (policies/transient-resend.ts). */
  transient?: {
    retried: Record<string, number>;
    persisted: Record<string, number>;
    connectionResends: number;
    storedDespiteRefusal: number;
  };
  /** Times each caller's token command (--token-command, --token-b-command) was run again during the run; absent: never. */
  tokenRefreshes?: { a: number; b: number };
}

/** The rate is halved on a 429 (CUBIC's beta is 0.7; the halving is what the issue asks for). */
const BETA = 0.5;
/** CUBIC's scaling constant, in requests per second per second cubed: back to the old rate in cbrt(Wmax * (1 - BETA) / C) s. */
const CUBIC_C = 0.4;
/** The rate never goes below one request a second: a target that throttles everything is ended by the pause budget, not by crawling. */
const MIN_RATE = 1;
/** The window over which the sending rate is measured when the target first pushes back. */
const MEASURE_WINDOW_MS = 1_000;

export class AdaptiveThrottle {
  /** Tokens per second; undefined until the first 429 (then only the ceiling applies). */
  private rate: number | undefined;
  private tokens = 1;
  private lastRefill: number;
  private pausedUntil = 0;
  private pausedTotalMs = 0;
  /** Rate at the last reaction to a 429 (CUBIC's Wmax) and when that was. */
  private rateAtThrottle = 0;
  private lastThrottleAt = Number.NEGATIVE_INFINITY;
  private lowest: number | undefined;
  private recentSends: number[] = [];
  private sent = 0;
  private throttledCount = 0;
  private firstSend: number | undefined;
  private lastSend: number | undefined;

  constructor(
    /** --rate-limit: requests per second at most; 0 = no ceiling. */
    private readonly ceiling: number,
    /** Total wall-clock pause the run may take for Retry-After before a 429 is THROTTLED. */
    private readonly pauseBudgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.lastRefill = now();
  }

  /** Waits for the pause to end and for a token; returns when the request was let go (pass it to onThrottled). */
  async acquire(): Promise<number> {
    for (;;) {
      const now = this.now();
      if (now < this.pausedUntil) {
        await sleep(this.pausedUntil - now);
        continue;
      }
      const rate = this.currentRate();
      if (rate === undefined) return this.recordSend(now);
      this.refill(now, rate);
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return this.recordSend(now);
      }
      await sleep(Math.max(1, ((1 - this.tokens) * 1000) / rate));
    }
  }

  /** A non-429 answer: the rate climbs back along the cubic curve since the last 429. */
  onSuccess(): void {
    if (this.rate === undefined) return;
    const seconds = (this.now() - this.lastThrottleAt) / 1000;
    const k = Math.cbrt((this.rateAtThrottle * (1 - BETA)) / CUBIC_C);
    const cubic = CUBIC_C * (seconds - k) ** 3 + this.rateAtThrottle;
    this.rate = Math.max(this.rate, cubic);
  }

  /**
   * A 429 for the request let go at `sentAt`, asking to wait `waitMs`. Returns false when the pause
   * would go past the run's budget (the request is then THROTTLED). Several 429s of requests sent
   * before the last reaction halve the rate once, not once each; a retry throttled again pauses but
   * does not halve, since a target that throttles one endpoint forever would otherwise slow every
   * other request of the run to a crawl.
   */
  onThrottled(sentAt: number, waitMs: number, isRetry = false): boolean {
    const now = this.now();
    this.throttledCount += 1;
    const until = now + waitMs;
    const added = until > this.pausedUntil ? until - Math.max(now, this.pausedUntil) : 0;
    if (this.pausedTotalMs + added > this.pauseBudgetMs) return false;
    this.pausedTotalMs += added;
    this.pausedUntil = Math.max(this.pausedUntil, until);
    if (sentAt > this.lastThrottleAt && !isRetry) {
      const measured = this.measuredRate(now);
      const base = this.rate === undefined ? measured : Math.min(this.rate, Math.max(measured, MIN_RATE));
      this.rateAtThrottle = Math.max(base, MIN_RATE);
      this.rate = Math.max(MIN_RATE, this.rateAtThrottle * BETA);
      this.lowest = Math.min(this.lowest ?? this.rate, this.rate);
      this.lastThrottleAt = now;
      this.tokens = Math.min(this.tokens, 1);
    }
    return true;
  }

  stats(): ThrottleStats {
    const span = this.firstSend !== undefined && this.lastSend !== undefined ? (this.lastSend - this.firstSend) / 1000 : 0;
    const rate = this.currentRate();
    return {
      requests: this.sent,
      throttled: this.throttledCount,
      pausedMs: Math.round(this.pausedTotalMs),
      adaptiveRate: this.rate === undefined || rate === undefined ? null : round1(rate),
      lowestRate: this.lowest === undefined ? null : round1(this.lowest),
      ceiling: this.ceiling > 0 ? this.ceiling : null,
      requestsPerSecond: span > 0 ? round1(this.sent / span) : 0,
    };
  }

  /** The bucket's rate: the adaptive one under the ceiling; undefined when neither applies. */
  private currentRate(): number | undefined {
    if (this.rate === undefined) return this.ceiling > 0 ? this.ceiling : undefined;
    return this.ceiling > 0 ? Math.min(this.rate, this.ceiling) : this.rate;
  }

  /** A burst of a tenth of a second's worth (at least one request) keeps the spacing smooth. */
  private refill(now: number, rate: number): void {
    const capacity = Math.max(1, rate / 10);
    this.tokens = Math.min(capacity, this.tokens + ((now - this.lastRefill) * rate) / 1000);
    this.lastRefill = now;
  }

  private recordSend(now: number): number {
    this.sent += 1;
    this.firstSend ??= now;
    this.lastSend = now;
    this.recentSends.push(now);
    while (this.recentSends.length > 0 && (this.recentSends[0] as number) < now - MEASURE_WINDOW_MS) this.recentSends.shift();
    return now;
  }

  private measuredRate(now: number): number {
    while (this.recentSends.length > 0 && (this.recentSends[0] as number) < now - MEASURE_WINDOW_MS) this.recentSends.shift();
    return (this.recentSends.length * 1000) / MEASURE_WINDOW_MS;
  }
}

const round1 = (n: number): number => Math.round(n * 10) / 10;
