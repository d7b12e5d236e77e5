// Deterministic seed shared by both bases. Only the tokens are random per start.
import { randomBytes } from 'node:crypto';

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const USE_CASE_INTERNAL = {
  account_to_account: 'rfp_registration_use_case_account_to_account',
  business_to_business: 'rfp_registration_use_case_business_to_business',
  bill_pay: 'rfp_registration_use_case_bill_pay',
};
export const RFP_STATUS_INTERNAL = {
  pending: 'rfp_registration_pending',
  active: 'rfp_registration_active',
  inactive: 'rfp_registration_inactive',
};

const ROUTING = ['021000021', '011000015', '121000358', '026009593', '322271627', '111000025'];

export function makeToken() {
  // tok_<8 hex key id>_<32-char secret>; the key id is the lookup handle, the secret is verified
  return `tok_${randomBytes(4).toString('hex')}_${randomBytes(24).toString('base64url')}`;
}

export function buildSeed() {
  const rnd = prng(20240601);
  const hex = (n) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const iso = (ms) => new Date(ms).toISOString();

  const mkUser = (bizId, i, p) => ({
    id: `usr_${hex(20)}`,
    business_id: bizId,
    first_name: p.first,
    last_name: p.last,
    email: `${p.first.toLowerCase()}.${p.last.toLowerCase()}@example.com`,
    phone: p.phone,
    ssn: p.ssn,
    dob: p.dob,
    line1: p.line1,
    line2: p.line2,
    city: p.city,
    state: p.state,
    zip: p.zip,
    created_at: iso(Date.UTC(2023, 9, 1 + i * 3, 8, 30, 0, 125 * i)),
    status: 'active',
  });

  const A = { key: 'A', id: 'biz_alpha_' + hex(8), token: makeToken() };
  const B = { key: 'B', id: 'biz_beta_' + hex(8), token: makeToken() };

  A.users = [
    mkUser(A.id, 0, {
      first: 'Ada',
      last: 'Lovelace',
      phone: '2125550101',
      ssn: '012345678',
      dob: '1988-03-14',
      line1: '1 Main St',
      line2: null,
      city: 'New York',
      state: 'NY',
      zip: '10001',
    }),
    mkUser(A.id, 1, {
      first: 'Grace',
      last: 'Hopper',
      phone: '4155550102',
      ssn: '123450987',
      dob: '1992-07-02',
      line1: '22 Pine Ave',
      line2: 'Unit 7',
      city: 'San Francisco',
      state: 'CA',
      zip: '94103',
    }),
    mkUser(A.id, 2, {
      first: 'Alan',
      last: 'Turing',
      phone: '6175550103',
      ssn: '234561098',
      dob: '1979-01-23',
      line1: '9 Elm Rd',
      line2: 'Apt 4',
      city: 'Boston',
      state: 'MA',
      zip: '02108',
    }),
  ];
  B.users = [
    mkUser(B.id, 3, {
      first: 'Edsger',
      last: 'Dijkstra',
      phone: '3125550104',
      ssn: '345672109',
      dob: '1990-11-30',
      line1: '5 Lake Dr',
      line2: 'Suite 200',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
    }),
    mkUser(B.id, 4, {
      first: 'Barbara',
      last: 'Liskov',
      phone: '2065550105',
      ssn: '456783210',
      dob: '1985-05-09',
      line1: '77 Bay St',
      line2: null,
      city: 'Seattle',
      state: 'WA',
      zip: '98101',
    }),
  ];

  const STATUSES = ['active', 'active', 'active', 'inactive', 'pending'];
  const mkBank = (biz, i, base) => {
    const status = STATUSES[i % 5];
    return {
      id: `ub_${hex(16)}`,
      business_id: biz.id,
      user_id: biz.users[i % biz.users.length].id,
      account_number: String(100000000 + Math.floor(rnd() * 899999999)).padStart(i % 4 === 0 ? 12 : 10, '0'),
      routing_number: ROUTING[i % ROUTING.length],
      account_holder_type: 'individual',
      bank_account_type: 'checking',
      // groups of three share a creation time (bulk import), so ties exist
      created_at: iso(base + Math.floor(i / 3) * 37 * 60000),
      is_rtp_enabled: i % 2 === 0,
      is_rtp_rfp_enabled: i % 4 === 0,
      status,
      verification_status: status === 'pending' ? 'pending' : 'verified',
    };
  };
  A.banks = Array.from({ length: 36 }, (_, i) => mkBank(A, i, Date.UTC(2024, 1, 1, 9, 0, 0)));
  B.banks = Array.from({ length: 6 }, (_, i) => mkBank(B, i, Date.UTC(2024, 1, 5, 9, 0, 0)));

  const mkRfp = (biz, use_case, status, ms) => ({ id: `rfp_${hex(16)}`, business_id: biz.id, use_case, status, created_at: iso(ms) });
  A.rfps = [
    mkRfp(A, 'account_to_account', 'active', Date.UTC(2023, 8, 1, 12, 0, 0)),
    mkRfp(A, 'business_to_business', 'pending', Date.UTC(2023, 8, 1, 12, 0, 1)),
    mkRfp(A, 'bill_pay', 'inactive', Date.UTC(2023, 8, 2, 15, 45, 10)),
  ];
  B.rfps = [
    mkRfp(B, 'account_to_account', 'active', Date.UTC(2023, 10, 3, 10, 0, 0)),
    mkRfp(B, 'bill_pay', 'pending', Date.UTC(2023, 10, 3, 10, 0, 5)),
  ];
  // audit trail of registration status changes (used only for reporting)
  const events = [];
  for (const r of [...A.rfps, ...B.rfps]) {
    events.push({ rfp_id: r.id, status: 'pending', at: r.created_at });
    if (r.status !== 'pending') events.push({ rfp_id: r.id, status: r.status, at: iso(Date.parse(r.created_at) + 86400000) });
  }
  // Insertion order interleaves the two callers' banks
  const bankInsertOrder = [...A.banks.slice(0, 18), ...B.banks, ...A.banks.slice(18)];
  return { businesses: [A, B], A, B, bankInsertOrder, events };
}

export function isoNow() {
  return new Date().toISOString();
}
export function newId(prefix) {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

// strict limit parsing shared semantics: undefined -> 100, digits 1..100 -> n, else error
export function parseLimit(raw) {
  if (raw === undefined) return { ok: true, value: 100 };
  if (typeof raw !== 'string' || !/^[0-9]{1,6}$/.test(raw)) return { ok: false };
  const n = Number(raw);
  if (n < 1 || n > 100) return { ok: false };
  return { ok: true, value: n };
}

export function encodeCursor(obj) {
  return Buffer.from(JSON.stringify(obj)).toString('base64url');
}
export function decodeCursor(raw) {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 512 || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}
