/**
 * Several properties of one file judge the same generated inputs (the same --seed, the same
 * arbitrary, so the same inputs in the same order): each input is sent once and its answer shared,
 * so five properties over valid create bodies cost the writes of one. A refusal to send (write
 * budget, read-only) is shared too, so every property halts at the same input.
 */
import type { HttpClient, RequestOptions } from '../../http/client.js';
import { HttpError, isHttpError } from '../../http/errors.js';
import { inPool } from '../../harness/in-pool.js';
import { isSuccess, type Exchange } from '../../http/exchange.js';

export interface Sent<T> {
  input: T;
  exchange: Exchange;
  /** Wall-clock bounds of the request, for timestamps that must be "close to the request time". */
  sentAt: number;
  answeredAt: number;
}

export class SendCache<T> {
  private readonly sent = new Map<string, Promise<Sent<T>>>();
  /** This cache's own sends not answered yet: each may still be a write. */
  private inFlight = 0;
  /** This cache's inputs answered 2xx: each made a write. */
  private created = 0;
  /** Sends waiting for one in flight to be answered (ownWrites). */
  private readonly slotWaiters: (() => void)[] = [];

  constructor(
    private readonly client: HttpClient,
    private readonly keyOf: (input: T) => string,
    private readonly requestOf: (input: T) => RequestOptions,
    /**
     * The writes these inputs may make themselves (inputs a lenient target may accept). Counted on
     * this cache's own answers, never on what other checks write meanwhile, so which inputs are sent
     * depends on the seed and the target's answers alone.
     */
    private readonly ownWrites?: number,
  ) {}

  /**
   * At most this many inputs are sent, whatever the budget holds at the moment: set from a plan made
   * when the first check started, so how far a failure shrinks depends on the seed alone, never on
   * which other writes happen to be in flight (their slots come and go with the machine's load).
   */
  allowance: number | undefined;

  has(input: T): boolean {
    return this.sent.has(this.keyOf(input));
  }

  send(input: T): Promise<Sent<T>> {
    const key = this.keyOf(input);
    const known = this.sent.get(key);
    if (known) return known;
    if (this.allowance !== undefined && this.sent.size >= this.allowance)
      return Promise.reject(
        new HttpError('WRITE_BUDGET', `the ${this.allowance} writes planned for these inputs are spent (--max-writes)`),
      );
    const pending = this.ownWrites === undefined ? this.dispatch(input) : this.dispatchWithinOwnWrites(input, this.ownWrites);
    this.sent.set(key, pending);
    return pending;
  }

  /**
   * Waits while the writes made and those that may be in flight would pass ownWrites, then sends,
   * or refuses once the writes made reach it: the inputs go in their order, whatever the load.
   */
  private async dispatchWithinOwnWrites(input: T, ownWrites: number): Promise<Sent<T>> {
    while (this.created < ownWrites && this.created + this.inFlight >= ownWrites)
      await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    if (this.created >= ownWrites)
      throw new HttpError('WRITE_BUDGET', `the ${ownWrites} writes these inputs may make (bodies a lenient target accepts) are spent`);
    return this.dispatch(input);
  }

  private async dispatch(input: T): Promise<Sent<T>> {
    const sentAt = Date.now();
    this.inFlight += 1;
    try {
      const exchange = await this.client.send(this.requestOf(input));
      if (isSuccess(exchange)) this.created += 1;
      return { input, exchange, sentAt, answeredAt: Date.now() };
    } finally {
      this.inFlight -= 1;
      for (const wake of this.slotWaiters.splice(0)) wake();
    }
  }

  get size(): number {
    return this.sent.size;
  }

  private prefilled: Promise<void> | undefined;

  /**
   * Sends the inputs a property will draw, side by side (at most `inFlight` at once, in their
   * order), before the property judges them one at a time from the cache: the same requests, sent
   * once each, in a few round trips instead of one per input. Once with a cache (a later call waits
   * for the first). The first input the budget or the plan does not let go stops it: that input and
   * those after it are left to the property, which meets the refusal in its own order.
   */
  prefill(inputs: readonly T[], inFlight: number): Promise<void> {
    this.prefilled ??= (async () => {
      let refused = false;
      await inPool(inputs, Math.max(1, inFlight), async (input) => {
        if (refused) return;
        // The answer stays in the cache, a failure too: the property meets it when it asks.
        await this.send(input).catch((error: unknown) => {
          if (isHttpError(error) && (error.code === 'WRITE_BUDGET' || error.code === 'READ_ONLY')) refused = true;
        });
      });
    })();
    return this.prefilled;
  }
}
