/** The reference implementation's in-memory records; what goes on the wire is made by serialize.ts. */
export interface UserRecord {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  ssn: string;
  date_of_birth: { date: number; month: number; year: number };
  address: { line1: string; line2: string | null; city: string; state: string; zip: string };
  createdAt: Date;
  status: string;
}

export interface BankRecord {
  /** Insertion order; the keyset that cursors point into. */
  seq: number;
  id: string;
  user_id: string;
  account_number: string;
  routing_number: string;
  account_holder_type: string;
  bank_account_type: string;
  createdAt: Date;
  is_rtp_enabled: boolean;
  is_rtp_rfp_enabled: boolean;
  status: string;
  verification_status: string;
  /** performance.now() from which lists show it (a replica that lists creations late); absent: at once. */
  listedFrom?: number;
}

/** The fields of a User Bank that a creation's body gives (spec 4.1); the body may omit them where validation lets it. */
export type BankFields = Partial<Record<'account_number' | 'routing_number' | 'account_holder_type' | 'bank_account_type', string>>;

export interface RfpRecord {
  seq: number;
  id: string;
  createdAt: Date;
  status: 'pending' | 'active' | 'inactive';
  use_case: 'account_to_account' | 'business_to_business' | 'bill_pay';
}

export interface Caller {
  name: string;
  token: string;
  users: UserRecord[];
  banks: BankRecord[];
  rfps: RfpRecord[];
}

/** The four operations of the spec (section 4), as the router names them. */
export type OperationName = 'create_user_bank' | 'list_user_banks' | 'list_rfp_registrations' | 'get_user';
