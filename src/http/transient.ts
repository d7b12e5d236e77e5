/**
 * Transient refusals: 502 Bad Gateway, 503 Service Unavailable and 504 Gateway Timeout are what the
 * network between the suite and the service answers (a load balancer without a healthy replica, a
 * maintenance page, a gateway's time-out), not the service's judgment of the request. The client
 * resends such a request when that is safe (policies/transient-resend.ts) and reports the count; a
 * 5xx that persists after the retries reaches the checks as the server's answer.
 */
import type { Exchange } from './exchange.js';
import { parseRetryAfter } from './throttle.js';

export const TRANSIENT_STATUSES: readonly number[] = [502, 503, 504];

export const isTransientRefusal = (status: number): boolean => TRANSIENT_STATUSES.includes(status);

/** Methods whose repetition has the effect of one request (RFC 9110 9.2.2): safe to resend blindly. */
export const isIdempotent = (method: string): boolean => ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'].includes(method);

/**
 * How long to wait before resending: the Retry-After the answer gave (seconds, or an HTTP-date read
 * against the answer's own Date header, so a server whose clock is minutes off the client's still
 * means "one second from now"), else an exponential back-off; never more than `capMs`.
 */
export function transientDelayMs(exchange: Pick<Exchange, 'headers'>, attempt: number, capMs: number): number {
  const serverNow = Date.parse(exchange.headers.date ?? '');
  const asked = parseRetryAfter(exchange.headers['retry-after'], Number.isNaN(serverNow) ? Date.now() : serverNow);
  return Math.min(asked ?? 200 * 2 ** attempt, capMs);
}
