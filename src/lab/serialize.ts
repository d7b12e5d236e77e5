/** Records to wire objects, in the variation's timestamp style (choices/timestamp.ts; the serialise hook points of hooks.ts apply last). */
import type { ServerView } from './hooks.js';
import type { BankRecord, RfpRecord, UserRecord } from './model.js';
import { timestamp } from './choices/timestamp.js';

export function serializeBank(bank: BankRecord, state: ServerView, context: 'list' | 'create'): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: bank.id,
    user_id: bank.user_id,
    account_number: bank.account_number,
    routing_number: bank.routing_number,
    account_holder_type: bank.account_holder_type,
    bank_account_type: bank.bank_account_type,
    created_at: timestamp(bank.createdAt, state.variation),
    is_rtp_enabled: bank.is_rtp_enabled,
    is_rtp_rfp_enabled: bank.is_rtp_rfp_enabled,
    status: bank.status,
    verification_status: bank.verification_status,
  };
  return state.hooks.bend('serialise.bank', out, { state, bank, context });
}

export function serializeUser(user: UserRecord, state: ServerView): Record<string, unknown> {
  const out = {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    ssn: user.ssn,
    date_of_birth: { ...user.date_of_birth },
    address: { ...user.address },
    created_at: timestamp(user.createdAt, state.variation),
    status: user.status,
  };
  return state.hooks.bend('serialise.user', out, { state, user });
}

export function serializeRfp(rfp: RfpRecord, state: ServerView): Record<string, unknown> {
  const out = { id: rfp.id, created_at: timestamp(rfp.createdAt, state.variation), status: rfp.status, use_case: rfp.use_case };
  return state.hooks.bend('serialise.rfp', out, { state, rfp });
}
