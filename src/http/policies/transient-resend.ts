/**
 * Transient refusals (502, 503, 504: what the network between the suite and the service answers,
 * transient.ts) sent again when that is safe (resend-safety.ts), after the Retry-After they gave or
 * an exponential back-off, at most `maxRetries` times a send. One that persists reaches the checks as
 * the server's answer when other requests were served meanwhile; while nothing was, it is the
 * target's unavailability (availability.ts), and the send ends UNAVAILABLE: the check cannot look.
 * Each resent refusal is marked in the run's log, and counted.
 */
import type { Availability } from '../availability.js';
import { HttpError } from '../errors.js';
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
  /** Whether others were served meanwhile: a refusal that persists while nothing is served is the target's unavailability. */
  availability: Pick<Availability, 'servedSentSince'>;
  /** The refusal is in the run's log: it is marked as the target's unavailability, not an answer. */
  markUnavailable: (refused: Exchange) => void;
}

export function transientResend(options: TransientResendOptions): Policy {
  return async (request, next) => {
    /** When the first refusal came back: only requests sent after it tell whether the target served others meanwhile. */
    let firstRefusedAt: number | undefined;
    for (let attempts = 0; ; attempts += 1) {
      const exchange = await next(request);
      if (!isTransientRefusal(exchange.status)) return exchange;
      firstRefusedAt ??= Date.now();
      const status = String(exchange.status);
      const { retried, persisted } = options.recoveries;
      if (attempts < options.maxRetries && (await options.safeToResend(request, exchange))) {
        retried[status] = (retried[status] ?? 0) + 1;
        options.markResent(exchange);
        await sleep(transientDelayMs(exchange, attempts, options.maxDelayMs));
        continue;
      }
      persisted[status] = (persisted[status] ?? 0) + 1;
      // Refused while requests sent after it were served: the server's answer to this request, judged as any 5xx.
      if (options.availability.servedSentSince(firstRefusedAt)) return exchange;
      options.markUnavailable(exchange);
      throw new HttpError(
        'UNAVAILABLE',
        `${request.method} ${request.path} was answered ${status} ${attempts + 1} time(s) while no request sent after it was served: the target was unavailable, so this request could not be judged`,
      );
    }
  };
}
