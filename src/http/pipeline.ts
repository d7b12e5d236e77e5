/**
 * How the client is put together, after undici's interceptors: a core that sends one request and
 * hands back its Exchange (send-once.ts), and policies around it (policies/), each a function of the
 * request and the next step that may refuse before a byte is sent, send again, or look at the answer.
 * client.ts composes them in one place; a test may compose any of them alone or in another order.
 * What one send() shares across the policies that send again is carried on the request (`tries`), as
 * undici's RetryHandler keeps its counter per dispatch: the policies nest, but a send has one count
 * of 429s however often a transient refusal sent it again.
 */
import type { Exchange } from './exchange.js';
import type { Method, RequestOptions } from './request-options.js';

/** What the retrying policies of one send() have spent so far. */
export interface SendTries {
  /** 429 answers waited out (the Exchange's throttledRetries). */
  throttled: number;
  /** The request was already sent once more after its token was refreshed. */
  tokenResent: boolean;
}

/** A request on its way down the policies to the core. */
export interface Outgoing extends RequestOptions {
  method: Method;
  tries: SendTries;
  /** The Authorization header value, chosen by the token policy (policies/token.ts); absent: none sent. */
  authorization?: string;
  /** On a connection of its own, closed after its answer (policies/connection-resend.ts). */
  ownConnection?: boolean;
}

export type Send = (request: Outgoing) => Promise<Exchange>;
export type Policy = (request: Outgoing, next: Send) => Promise<Exchange>;

/** The policies around the core, the first one outermost. */
export function compose(policies: readonly Policy[], core: Send): Send {
  return policies.reduceRight<Send>((next, policy) => (request) => policy(request, next), core);
}

/** A request as a caller asks for it, ready for the policies (each send() counts its tries afresh). */
export function outgoing(options: RequestOptions): Outgoing {
  return { ...options, method: options.method ?? 'GET', tries: { throttled: 0, tokenResent: false } };
}

/**
 * The request was answered, and then could not go on (the token command failed on a 401): the
 * exchange still belongs to the run's traffic, so the recording policy keeps it, then throws `failure`.
 */
export class AnsweredThenFailed extends Error {
  constructor(
    readonly exchange: Exchange,
    readonly failure: Error,
  ) {
    super(failure.message);
  }
}
