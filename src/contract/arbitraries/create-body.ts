/** Whole valid create bodies (4.1): every member, each in the format a real bank account has. */
import fc from 'fast-check';
import type { CreateBody } from '../../core/domain/user-bank.js';
import { accountNumber } from './account-number.js';
import { accountType, holderType } from './account-types.js';
import { routingNumber } from './routing-number.js';

export function createBody(userId: string): fc.Arbitrary<CreateBody> {
  return fc.record({
    user_id: fc.constant(userId),
    account_number: accountNumber(),
    routing_number: routingNumber(),
    account_holder_type: holderType(),
    bank_account_type: accountType(),
  });
}
