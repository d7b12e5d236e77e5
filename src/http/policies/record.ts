/**
 * The run's record of its traffic: every exchange numbered as it comes back (one sequence for the
 * run, the preflight's first), a small line of each in the log (no bodies) for the run-wide HTTP
 * checks, the first NOTABLE_KEPT exchanges those checks may fail on kept whole (a 5xx, a 2xx whose
 * body is not JSON) so their findings carry a replay, and each exchange handed to the observers (the
 * created resources, the run's redactor, HAR, audit and invariants). Numbering sits right around the
 * core, before the token is judged; recording outside the token policy, so the log says whether the
 * token was refreshed, and an exchange answered before its request failed is recorded all the same.
 */
import type { Exchange, ExchangeSummary } from '../exchange.js';
import { AnsweredThenFailed, type Outgoing, type Policy } from '../pipeline.js';
import { failureOf } from '../send-once.js';

/** Whole exchanges kept for the run-wide checks' evidence (their bodies are capped by --max-body-bytes). */
export const NOTABLE_KEPT = 50;

export type ExchangeObserver = (exchange: Exchange, request: Outgoing) => void;

export class ExchangeRecord {
  /** A small line per exchange of the run (no bodies), for the run-wide HTTP checks. */
  readonly log: ExchangeSummary[] = [];
  /** Whole exchanges the run-wide checks may fail on (a 5xx, a 2xx whose body is not JSON), the first NOTABLE_KEPT. */
  readonly notable: Exchange[] = [];

  constructor(
    /** The seq of the first exchange, less one. */
    private seq: number,
    private readonly observers: readonly ExchangeObserver[],
  ) {}

  /** Each exchange numbered as it comes back from the core. */
  readonly numbering: Policy = async (request, next) => {
    const exchange = await next(request);
    exchange.seq = ++this.seq;
    return exchange;
  };

  /** Each exchange kept in the log and handed to the observers; one answered before its request failed too. */
  readonly recording: Policy = async (request, next) => {
    let exchange: Exchange;
    try {
      exchange = await next(request);
    } catch (error) {
      if (!(error instanceof AnsweredThenFailed)) throw error;
      this.keep(error.exchange, request);
      throw error.failure;
    }
    this.keep(exchange, request);
    return exchange;
  };

  /** A transient refusal the client sent again: the retry's answer is the one the checks saw. */
  markResent(exchange: Exchange): void {
    const entry = this.entryOf(exchange);
    if (entry) entry.resent = true;
  }

  /** A transient refusal that persisted while nothing else was served: the target's unavailability, not its answer. */
  markUnavailable(exchange: Exchange): void {
    const entry = this.entryOf(exchange);
    if (entry) entry.unavailable = true;
  }

  /** The log's line of an exchange: searched from the end, where a refusal just recorded is. */
  private entryOf(exchange: Exchange): ExchangeSummary | undefined {
    for (let i = this.log.length - 1; i >= 0; i -= 1) if (this.log[i]?.seq === exchange.seq) return this.log[i];
    return undefined;
  }

  private keep(exchange: Exchange, request: Outgoing): void {
    try {
      const contentType = exchange.headers['content-type'];
      const bodyBytes = exchange.bodyBytes ?? Buffer.byteLength(exchange.bodyText);
      this.log.push({
        seq: exchange.seq,
        method: exchange.request.method,
        url: exchange.request.url,
        status: exchange.status,
        contentType,
        bodyBytes,
        jsonParses: exchange.jsonError === undefined,
        auth: typeof request.auth === 'object' ? 'other' : (request.auth ?? 'a'),
        ...(exchange.tokenRefreshed ? { tokenRefreshed: true as const } : {}),
      });
      const oddSuccess =
        exchange.status >= 200 &&
        exchange.status < 300 &&
        exchange.request.method !== 'HEAD' &&
        (bodyBytes === 0 || exchange.jsonError !== undefined || !/json/i.test(contentType ?? ''));
      if ((exchange.status >= 500 || oddSuccess) && this.notable.length < NOTABLE_KEPT) this.notable.push(exchange);
      for (const observe of this.observers) observe(exchange, request);
    } catch (error) {
      // As the request's own failure: the check that sent it ends inconclusive, as with any failed request.
      throw failureOf(error, exchange.request.method, exchange.request.url);
    }
  }
}
