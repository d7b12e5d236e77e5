/**
 * A pooled keep-alive connection can be closed by the server just as a request goes out on it (its
 * idle time-out), which is no fault of the target's answer. The request is sent once more, when
 * resending is safe (resend-safety.ts), on a connection of its own, closed after its answer: another
 * pooled connection may have been dropped in the same moment, which a busy client has not seen yet.
 */
import { HttpError } from '../errors.js';
import type { Policy } from '../pipeline.js';
import type { SafeToResend } from '../resend-safety.js';
import type { TransientStats } from './transient-resend.js';

/** Socket-level failures that a request on a reused connection can meet through no fault of the target. */
const STALE_SOCKET = /UND_ERR_SOCKET|ECONNRESET|EPIPE|other side closed/;

export function connectionResend(options: { safeToResend: SafeToResend; recoveries: TransientStats }): Policy {
  return async (request, next) => {
    try {
      return await next(request);
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== 'CONNECTION' || !STALE_SOCKET.test(error.message)) throw error;
      if (!(await options.safeToResend(request, undefined))) throw error;
      options.recoveries.connectionResends += 1;
      return next({ ...request, ownConnection: true });
    }
  };
}
