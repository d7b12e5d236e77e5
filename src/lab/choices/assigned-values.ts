/**
 * Choice: the values the service assigns a new User Bank. 4.1 says the answer includes "the
 * service-assigned id, created_at, is_rtp_enabled, is_rtp_rfp_enabled, status and verification_status"
 * without saying which values they get; 2.1 names known values and leaves others open, and 3 shows
 * no states or transitions of a User Bank.
 */
import type { IdFactory } from '../ids.js';
import type { BankRecord } from '../model.js';
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const assignedValuesChoice: Choice = {
  name: 'assigned values of a new User Bank',
  silence:
    '4.1: "including the service-assigned id, created_at, is_rtp_enabled, is_rtp_rfp_enabled, status and verification_status" (which values: not shown); 3: "User Bank (status, verification_status) and User (status): states and transitions: not shown."',
  fields: ['newBankValues'],
  alternatives: [
    {
      does: 'active and verified, enabled for real-time payments, not for RfP',
      holds: (v) => v.newBankValues === 'active-verified',
      variations: ['baseline'],
    },
    {
      does: 'pending verification, not yet enabled for real-time payments, enabled for RfP',
      holds: (v) => v.newBankValues === 'pending',
      variations: ['assigned-pending'],
    },
  ],
  code: ['src/lab/choices/assigned-values.ts'],
};

type Assigned = Pick<BankRecord, 'id' | 'is_rtp_enabled' | 'is_rtp_rfp_enabled' | 'status' | 'verification_status'>;

/** What the service assigns a new User Bank: its id (in the id format's choice, ids.ts) and its flags and statuses. */
export function assignedValues(variation: Pick<Variation, 'newBankValues'>, ids: IdFactory): Assigned {
  const id = ids.next('bank');
  if (variation.newBankValues === 'pending')
    return { id, is_rtp_enabled: false, is_rtp_rfp_enabled: true, status: 'pending', verification_status: 'pending' };
  return { id, is_rtp_enabled: true, is_rtp_rfp_enabled: false, status: 'active', verification_status: 'verified' };
}
