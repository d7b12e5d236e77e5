import { fault } from './fault.ts';

export interface BankRec {
  id: string;
  user_id: string;
  account_number: string;
  routing_number: string;
  account_holder_type: string;
  bank_account_type: string;
  created_at: Date;
  is_rtp_enabled: boolean;
  is_rtp_rfp_enabled: boolean;
  status: string;
  verification_status: string;
  // deno-lint-ignore no-explicit-any
  [extra: string]: any;
}

export interface UserRec {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  ssn: string;
  dob: Date; // stored as UTC midnight
  address: { line1: string; line2: string | null; city: string; state: string; zip: string };
  created_at: Date;
  status: string;
}

export interface RfpRec {
  use_case: string; // internal name, e.g. rfp_registration_use_case_bill_pay
  status: string; // internal name, e.g. rfp_registration_active
  requested_at: number; // ms since epoch, when onboarding asked the network for it
  registered_at: number | null; // ms since epoch, when the network confirmed it
  id?: string; // legacy rows only; the id lives in the key
}

const iso = (d: Date | number) => new Date(d).toISOString();

// ---- User Bank -----------------------------------------------------------
export function bankOut(b: BankRec, opts: { list?: boolean } = {}) {
  const out = { ...b, created_at: iso(b.created_at) };
  if (fault('bank-created-at-string')) out.created_at = String(b.created_at);
  if (opts.list && fault('list-account-masked')) {
    // PCI review: never send full account numbers in collection responses
    out.account_number = '*'.repeat(Math.max(0, b.account_number.length - 4)) + b.account_number.slice(-4);
  }
  return out;
}

// ---- User ----------------------------------------------------------------
function compact<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

export function userOut(u: UserRec) {
  const dob = new Date(u.dob);
  let date_of_birth: unknown = {
    date: dob.getUTCDate(),
    month: fault('user-dob-month-zero') ? dob.getUTCMonth() : dob.getUTCMonth() + 1,
    year: dob.getUTCFullYear(),
  };
  if (fault('user-dob-string')) date_of_birth = dob.toISOString().slice(0, 10);
  const address = fault('user-line2-stripped') ? compact(u.address) : { ...u.address };
  const ssn = fault('user-ssn-masked') ? '***-**-' + u.ssn.slice(-4) : u.ssn;
  // deno-lint-ignore no-explicit-any
  const createdAt = fault('user-created-at-now') ? new Date((u as any).createdAt ?? Date.now()) : u.created_at;
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone: u.phone,
    ssn,
    date_of_birth,
    address,
    created_at: iso(createdAt),
    status: u.status,
  };
}

// ---- RfP Registration ----------------------------------------------------
const RFP_STATUS: Record<string, string> = {
  rfp_registration_pending: 'pending',
  rfp_registration_active: 'active',
  rfp_registration_inactive: 'inactive',
};
const RFP_USE_CASE: Record<string, string> = {
  rfp_registration_use_case_account_to_account: 'account_to_account',
  rfp_registration_use_case_business_to_business: 'business_to_business',
  rfp_registration_use_case_bill_pay: 'bill_pay',
};

export function rfpOut(key: Deno.KvKey, r: RfpRec) {
  const id = fault('rfp-new-id-each-read') ? (r.id ?? crypto.randomUUID()) : String(key[key.length - 1]);
  let created_at: unknown = iso(r.requested_at);
  if (fault('rfp-created-at-epoch')) created_at = r.requested_at;
  if (fault('rfp-pending-no-created-at')) created_at = r.registered_at ? iso(r.registered_at) : null;
  return {
    id,
    created_at,
    status: fault('rfp-internal-enum') ? r.status : RFP_STATUS[r.status],
    use_case: RFP_USE_CASE[r.use_case],
  };
}
