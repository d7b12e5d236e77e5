/** A new User Bank record as the store keeps it: the body's fields, the service's defaults for the rest. */
import type { ServerView } from './hooks.js';
import { listedFrom } from './choices/listing-lag.js';
import type { BankRecord } from './model.js';

export type BankFields = Partial<Record<'account_number' | 'routing_number' | 'account_holder_type' | 'bank_account_type', string>>;

export function newBankRecord(state: ServerView, userId: string, fields: BankFields): BankRecord {
  const { variation } = state;
  const seq = state.fixtures.nextSeq();
  const bank: BankRecord = {
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
  };
  const from = listedFrom(variation, seq);
  return from === undefined ? bank : { ...bank, listedFrom: from };
}

