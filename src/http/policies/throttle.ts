/**
 * The client's pacing and its answer to 429 (Too Many Requests), around the one AdaptiveThrottle of
 * the run: `pace` lets each request go when the throttle allows (--rate-limit, the adapted rate, a
 * pause for a Retry-After); `backOff` waits out a 429 as it asks, within the run's pause budget, or
 * ends the send with THROTTLED. Two policies, since a request sent again after its token was
 * refreshed is paced again but its 401 is no answer to adapt the rate to: that resend sits between.
 */
import type { AdaptiveThrottle } from '../adaptive-throttle.js';
import { HttpError } from '../errors.js';
import type { Exchange } from '../exchange.js';
import type { Outgoing, Policy } from '../pipeline.js';
import { parseRetryAfter } from '../throttle.js';

export interface ThrottleLimits {
  /** Longest single Retry-After honoured; a longer one makes the request THROTTLED at once. */
  maxRetryAfterMs: number;
  /** 429 retries per send. */
  maxThrottleRetries: number;
  /** Wall-clock time the whole client may stand paused for 429s. */
  throttleBudgetMs: number;
}

export function throttling(throttle: AdaptiveThrottle, limits: ThrottleLimits): { pace: Policy; backOff: Policy } {
  /** When the throttle let each exchange's request go (its clock), which a 429 is measured against. */
  const letGoAt = new WeakMap<Exchange, number>();
  const pace: Policy = async (request, next) => {
    const sentAt = await throttle.acquire();
    const exchange = await next(request);
    letGoAt.set(exchange, sentAt);
    return exchange;
  };
  const backOff: Policy = async (request, next) => {
    for (;;) {
      const exchange = await next(request);
      if (exchange.status !== 429) {
        throttle.onSuccess();
        return exchange;
      }
      waitOut(exchange, request, letGoAt.get(exchange) ?? 0);
      request.tries.throttled += 1;
    }
  };

  /** A 429: wait what it asks (within the run's pause budget; the next pace waits) or give up with THROTTLED. */
  function waitOut(exchange: Exchange, request: Outgoing, sentAt: number): void {
    const attempt = request.tries.throttled;
    const asked = parseRetryAfter(exchange.headers['retry-after']);
    const wait = Math.min(asked ?? 250 * 2 ** attempt, limits.maxRetryAfterMs);
    const tooLong = asked !== undefined && asked > limits.maxRetryAfterMs;
    // Every 429 slows and pauses the whole client, also the one this request gives up on.
    const withinBudget = !tooLong && throttle.onThrottled(sentAt, wait, attempt > 0);
    if (attempt >= limits.maxThrottleRetries || !withinBudget) {
      throw new HttpError(
        'THROTTLED',
        `the target answered 429 (Too Many Requests) ${attempt + 1} time(s) for ${request.method} ${request.path}` +
          (tooLong
            ? ` and asked to wait ${Math.round((asked ?? 0) / 1000)} s, more than the ${limits.maxRetryAfterMs / 1000} s the suite waits`
            : '') +
          (!tooLong && !withinBudget
            ? ` after the run had stood paused ${Math.round(throttle.stats().pausedMs / 1000)} s for Retry-After (at most ${limits.throttleBudgetMs / 1000} s a run)`
            : '') +
          '; lower --rate-limit or --concurrency and run again',
      );
    }
  }

  return { pace, backOff };
}
