/**
 * Transient refusals (502, 503, 504: what the network between the suite and the service answers,
 * transient.ts) sent again when that is safe (resend-safety.ts), after the Retry-After they gave or
 * an exponential back-off, at most `maxRetries` times a send; one that persists reaches the checks
 * as the server's answer. Each resent refusal is marked in the run's log, and counted.
 */
import { sleep } from '../throttle.js';
import { isTransientRefusal, transientDelayMs } from '../transient.js';
import type { Exchange } from '../exchange.js';
import type { Policy } from '../pipeline.js';
import type { SafeToResend } from '../resend-safety.js';

/** What the client recovered from on the way: transient refusals resent, and those it could not resend. */
export interface TransientStats {
  /** 502/503/504 answers followed by a resend, by status. */
  retried: Record<string, number>;
  /** 502/503/504 answers handed to the checks (retries spent, or resending was not safe), by status. */
  persisted: Record<string, number>;
  /** Requests sent once more after their connection was dropped. */
  connectionResends: number;
  /** Writes refused or dropped that the probe found stored anyway. */
  storedDespiteRefusal: number;
}

export interface TransientResendOptions {
  /** Resends per send; default 3. */
  maxRetries: number;
  /** The longest wait before a resend. */
  maxDelayMs: number;
  safeToResend: SafeToResend;
  recoveries: TransientStats;
  /** The refusal is in the run's log: it is marked as resent. */
  markResent: (refused: Exchange) => void;
}

export function transientResend(options: TransientResendOptions): Policy {
  return async (request, next) => {
    for (let attempts = 0; ; attempts += 1) {
      const exchange = await next(request);
      if (!isTransientRefusal(exchange.status)) return exchange;
      const status = String(exchange.status);
      const { retried, persisted } = options.recoveries;
      if (attempts < options.maxRetries && (await options.safeToResend(request, exchange))) {
        retried[status] = (retried[status] ?? 0) + 1;
        options.markResent(exchange);
        await sleep(transientDelayMs(exchange, attempts, options.maxDelayMs));
        continue;
      }
      persisted[status] = (persisted[status] ?? 0) + 1;
      return exchange;
    }
  };
}
