/**
 * Several properties of one file judge the same generated inputs (the same --seed, the same
 * arbitrary, so the same inputs in the same order): each input is sent once and its answer shared,
 * so five properties over valid create bodies cost the writes of one. A refusal to send (write
 * budget, read-only) is shared too, so every property halts at the same input.
 */
import type { HttpClient, RequestOptions } from '../../http/client.js';
import { HttpError, isHttpError } from '../../http/errors.js';
import { inPool } from '../../harness/in-pool.js';
import type { Exchange } from '../../http/exchange.js';

export interface Sent<T> {
  input: T;
  exchange: Exchange;
  /** Wall-clock bounds of the request, for timestamps that must be "close to the request time". */
  sentAt: number;
  answeredAt: number;
}

export class SendCache<T> {
  private readonly sent = new Map<string, Promise<Sent<T>>>();

  constructor(
    private readonly client: HttpClient,
    private readonly keyOf: (input: T) => string,
    private readonly requestOf: (input: T) => RequestOptions,
    /** Writes left untouched for the checks that run later (a new input is not sent below this). */
    private readonly keepWrites = 0,
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
    let pending = this.sent.get(key);
    if (!pending) {
      if (this.allowance !== undefined) {
        if (this.sent.size >= this.allowance) {
          return Promise.reject(
            new HttpError('WRITE_BUDGET', `the ${this.allowance} writes planned for these inputs are spent (--max-writes)`),
          );
        }
      } else if (this.keepWrites > 0 && this.client.budget.remaining <= this.keepWrites) {
        return Promise.reject(
          new HttpError(
            'WRITE_BUDGET',
            `the write budget (--max-writes) is down to the ${this.keepWrites} writes kept for the checks that run later`,
          ),
        );
      }
      pending = (async () => {
        const sentAt = Date.now();
        const exchange = await this.client.send(this.requestOf(input));
        return { input, exchange, sentAt, answeredAt: Date.now() };
      })();
      this.sent.set(key, pending);
    }
    return pending;
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
      // Writes in flight hold budget slots: no more at once than the slots above those kept for later,
      // so none is refused here that one at a time would have been sent.
      const free = this.allowance === undefined && this.keepWrites > 0 ? this.client.budget.remaining - this.keepWrites : inFlight;
      await inPool(inputs, Math.max(1, Math.min(inFlight, free)), async (input) => {
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
