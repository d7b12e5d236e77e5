/**
 * Choice: when a created User Bank is listed. The spec says nothing of consistency between a
 * creation and a later listing (4.1 and 4.2 describe each operation alone), so replicas that list a
 * creation late are a conformant deployment; the suite waits its settle window for them.
 */
import type { BankRecord } from '../model.js';
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const listingLagChoice: Choice = {
  name: 'listing lag',
  silence:
    '4.2: "Response body: list envelope (section 2.4) whose data holds User Bank objects." (when a User Bank created by 4.1 is among them is not said: no consistency is stated)',
  fields: ['listingLagMs', 'listingLagVaries', 'listingLagOneReplica'],
  alternatives: [
    { does: 'listed at once', holds: (v) => v.listingLagMs === 0, variations: ['baseline'] },
    {
      does: 'listed some time after its creation was answered',
      holds: (v) => v.listingLagMs > 0 && !v.listingLagOneReplica,
      variations: ['late-listing-300ms', 'busy-staging', 'growing-newest-first'],
    },
    {
      does: 'listed at once by one replica and late by another, reads alternating between them',
      holds: (v) => v.listingLagMs > 0 && v.listingLagOneReplica,
      variations: ['replica-behind-round-robin'],
    },
  ],
  code: ['src/lab/choices/listing-lag.ts'],
};

/** Listings answered so far, per pool: which replica answers the next where reads alternate. */
const reads = new WeakMap<readonly BankRecord[], number>();

/** The banks the replica answering this listing lists now: those whose lag has passed (all of them where nothing lags). */
export function listedNow(
  pool: readonly BankRecord[],
  variation: Pick<Variation, 'listingLagMs' | 'listingLagOneReplica'>,
): readonly BankRecord[] {
  if (variation.listingLagMs <= 0) return pool;
  if (variation.listingLagOneReplica) {
    const read = reads.get(pool) ?? 0;
    reads.set(pool, read + 1);
    if (read % 2 === 0) return pool;
  }
  const now = performance.now();
  return pool.filter((b) => b.listedFrom === undefined || b.listedFrom <= now);
}

/** When a new write is listed from (performance.now() time), or undefined when nothing lags. */
function listedFrom(variation: Pick<Variation, 'listingLagMs' | 'listingLagVaries'>, seq: number): number | undefined {
  if (variation.listingLagMs <= 0) return undefined;
  return performance.now() + lagOf(variation, seq);
}

/** A write's listing lag: the variation's, or, where replicas lag differently, a share of it drawn from the write's order. */
function lagOf(variation: Pick<Variation, 'listingLagMs' | 'listingLagVaries'>, seq: number): number {
  if (!variation.listingLagVaries) return variation.listingLagMs;
  // Knuth's multiplicative hash spreads consecutive writes over the range.
  return Math.round((variation.listingLagMs * ((seq * 2_654_435_761) % 1_000)) / 1_000);
}

/** A new record as a lagging replica lists it: from when on (nothing to add where nothing lags). */
export function asListed(variation: Pick<Variation, 'listingLagMs' | 'listingLagVaries'>, bank: BankRecord): BankRecord {
  const from = listedFrom(variation, bank.seq);
  return from === undefined ? bank : { ...bank, listedFrom: from };
}
