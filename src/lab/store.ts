/** A new User Bank record as the store keeps it: the body's fields, the service's values for the rest (choices/). */
import type { ServerView } from './hooks.js';
import { assignedValues } from './choices/assigned-values.js';
import { asListed } from './choices/listing-lag.js';
import { bankFields } from './choices/validation.js';
import type { BankFields, BankRecord } from './model.js';

export type { BankFields } from './model.js';

export function newBankRecord(state: ServerView, userId: string, fields: BankFields): BankRecord {
  const { variation } = state;
  const seq = state.fixtures.nextSeq();
  const bank = { seq, user_id: userId, ...bankFields(fields), createdAt: state.now(), ...assignedValues(variation, state.fixtures.ids) };
  return asListed(variation, bank);
}
