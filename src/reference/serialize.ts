/** Records to wire objects, in the variation's timestamp style, with the shape faults applied. */
import type { BankRecord, RfpRecord, UserRecord } from './model.js';
import type { ReferenceState } from './state.js';

export function timestamp(date: Date, state: ReferenceState): string {
  const iso = date.toISOString();
  // Stryker disable next-line all: equivalent: 'Z' and '+00:00' are the same UTC offset, both RFC 3339 (the timestamp style is a legitimate variation).
  if (state.variation.timestampStyle === 'Z') return iso;
  // Stryker disable next-line Regex: equivalent: toISOString() has one Z, at the end.
  return iso.replace(/Z$/, '+00:00');
}

export type Context = 'list' | 'create';

export function serializeBank(bank: BankRecord, state: ReferenceState, context: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: bank.id,
    user_id: bank.user_id,
    account_number: bank.account_number,
    routing_number: bank.routing_number,
    account_holder_type: bank.account_holder_type,
    bank_account_type: bank.bank_account_type,
    created_at: timestamp(bank.createdAt, state),
    is_rtp_enabled: bank.is_rtp_enabled,
    is_rtp_rfp_enabled: bank.is_rtp_rfp_enabled,
    status: bank.status,
    verification_status: bank.verification_status,
  };
  if (context === 'list' && state.fault('bank-boolean-as-string')) out.is_rtp_enabled = String(bank.is_rtp_enabled);
  if (context === 'create' && state.fault('bank-create-boolean-as-string')) out.is_rtp_rfp_enabled = String(bank.is_rtp_rfp_enabled);
  if (context === 'create' && state.fault('bank-create-missing-field')) delete out.status;
  if (context === 'create' && state.fault('bank-account-number-masked')) out.account_number = `****${bank.account_number.slice(-4)}`;
  if (context === 'list' && state.fault('bank-list-missing-verification-status')) delete out.verification_status;
  // Fault: the list's query reads timestamps in the database session's zone (UTC-5) and labels them UTC.
  if (context === 'list' && state.fault('bank-list-created-at-shifted')) out.created_at = timestamp(new Date(bank.createdAt.getTime() - 5 * 3_600_000), state);
  return out;
}

export function serializeUser(user: UserRecord, state: ReferenceState): Record<string, unknown> {
  const { date, year } = user.date_of_birth;
  const month = state.fault('user-month-zero-based') ? user.date_of_birth.month - 1 : user.date_of_birth.month;
  const address: Record<string, unknown> = { ...user.address };
  if (address.line2 === null && state.fault('user-line2-omitted-when-null')) delete address.line2;
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: state.fault('user-phone-number') ? Number(user.phone) : user.phone,
    ssn: user.ssn,
    date_of_birth: state.fault('user-date-of-birth-string') ? `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}` : { date, month, year },
    address,
    created_at: state.fault('user-created-at-not-date-time') ? Math.floor(user.createdAt.getTime() / 1000) : timestamp(user.createdAt, state),
    status: user.status,
  };
}

export function serializeRfp(rfp: RfpRecord, state: ReferenceState): Record<string, unknown> {
  const internal = state.fault('rfp-internal-enum-names');
  return {
    id: rfp.id,
    created_at: timestamp(rfp.createdAt, state),
    status: internal ? `rfp_registration_${rfp.status}` : rfp.status,
    use_case: internal ? `rfp_registration_use_case_${rfp.use_case}` : rfp.use_case,
  };
}
