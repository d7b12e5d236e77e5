// Database layer: schema, seed data. bun:sqlite, in-memory, fresh per process.
import { Database } from 'bun:sqlite';
import { FAULT, F } from './fault.ts';

export const db = new Database(':memory:');
db.run('PRAGMA foreign_keys = ON');

// Column types. A few faults are a different declared type (SQLite type affinity).
const ACCOUNT_NUMBER_TYPE = F('bank-account-number-integer') ? 'INTEGER' : 'TEXT';
const ROUTING_NUMBER_TYPE = F('bank-routing-leading-zero') ? 'NUMERIC' : 'TEXT';
const PHONE_TYPE = F('user-phone-integer') ? 'INTEGER' : 'TEXT';
const ZIP_TYPE = F('user-zip-integer') ? 'INTEGER' : 'TEXT';
const DOB_TYPE = F('user-dob-strings') ? 'TEXT' : 'INTEGER';
const USER_CREATED_AT_TYPE = F('user-created-at-number') ? 'INTEGER' : 'TEXT';

db.run(`CREATE TABLE callers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  onboarded_at TEXT NOT NULL
)`);

db.run(`CREATE TABLE users (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  caller_id TEXT NOT NULL REFERENCES callers(id),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone ${PHONE_TYPE} NOT NULL,
  ssn TEXT NOT NULL,
  dob_day ${DOB_TYPE} NOT NULL,
  dob_month ${DOB_TYPE} NOT NULL,
  dob_year ${DOB_TYPE} NOT NULL,
  address_line1 TEXT NOT NULL,
  address_line2 TEXT,
  address_city TEXT NOT NULL,
  address_state TEXT NOT NULL,
  address_zip ${ZIP_TYPE} NOT NULL,
  status TEXT NOT NULL,
  created_at ${USER_CREATED_AT_TYPE} NOT NULL,
  UNIQUE (id, caller_id)
)`);

db.run(`CREATE TABLE user_banks (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  caller_id TEXT NOT NULL REFERENCES callers(id),
  user_id TEXT NOT NULL,
  account_number ${ACCOUNT_NUMBER_TYPE} NOT NULL,
  routing_number ${ROUTING_NUMBER_TYPE} NOT NULL,
  account_holder_type TEXT NOT NULL,
  bank_account_type TEXT NOT NULL,
  is_rtp_enabled INTEGER NOT NULL DEFAULT 0,
  is_rtp_rfp_enabled INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active',
  verification_status TEXT NOT NULL DEFAULT 'pending',
  created_at TEXT NOT NULL,
  FOREIGN KEY (user_id, caller_id) REFERENCES users(id, caller_id)
)`);
db.run('CREATE INDEX user_banks_caller_seq ON user_banks (caller_id, seq)');
db.run('CREATE INDEX user_banks_caller_user ON user_banks (caller_id, user_id, seq)');

// RfP registrations keep their history: a row is replaced (replaced_at set) when
// the registration is re-submitted. Internal enum names are stored.
db.run(`CREATE TABLE rfp_registrations (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  caller_id TEXT NOT NULL REFERENCES callers(id),
  use_case TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT,
  replaced_at TEXT
)`);

export async function sha256hex(s: string): Promise<string> {
  const buf = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s));
  return Buffer.from(buf).toString('hex');
}

// ---------------------------------------------------------------- seed
const CALLER_A = 'biz_7c1e4f0a2b9d';
const CALLER_B = 'biz_0d5a93e6c471';

export const SEED = {
  userIdA: 'usr_3f9a1c0e7b2d4a6f8e1c5b0a',
  userIdA2: 'usr_8b27d5e19c0f4e3aa6d2c771',
  userIdA3: 'usr_c04e6a1f9d7b42e58a3b0d16',
  userIdB: 'usr_5e0b8c2d7a194f6b9c3e8a40',
  userIdB2: 'usr_a91f3d6c0e2b47d8b5c4e29f',
};

function userRow(u: any) {
  const createdAt = F('user-created-at-number') ? Math.floor(Date.parse(u.created_at) / 1000) : u.created_at;
  return { ...u, created_at: createdAt };
}

export async function seed(tokenA: string, tokenB: string) {
  db.query('INSERT INTO callers (id, name, token_hash, onboarded_at) VALUES (?, ?, ?, ?)').run(
    CALLER_A,
    'Northwind Payroll LLC',
    await sha256hex(tokenA),
    '2023-10-30T14:00:00.000Z',
  );
  db.query('INSERT INTO callers (id, name, token_hash, onboarded_at) VALUES (?, ?, ?, ?)').run(
    CALLER_B,
    'Bluebird Rent Co',
    await sha256hex(tokenB),
    '2024-01-05T16:30:00.000Z',
  );

  const users = [
    {
      id: SEED.userIdA,
      caller_id: CALLER_A,
      first_name: 'Maria',
      last_name: 'Okafor',
      email: 'maria.okafor@example.com',
      phone: '6175550132',
      ssn: '012459876',
      dob_day: 14,
      dob_month: 1,
      dob_year: 1987,
      address_line1: '12 Harbor Street',
      address_line2: null,
      address_city: 'Boston',
      address_state: 'MA',
      address_zip: '02134',
      status: 'active',
      created_at: '2023-11-02T09:15:30.000Z',
    },
    {
      id: SEED.userIdA2,
      caller_id: CALLER_A,
      first_name: 'Daniel',
      last_name: 'Kowalski',
      email: 'd.kowalski@example.org',
      phone: '4155550178',
      ssn: '523118094',
      dob_day: 3,
      dob_month: 9,
      dob_year: 1979,
      address_line1: '880 Valencia St',
      address_line2: 'Apt 4B',
      address_city: 'San Francisco',
      address_state: 'CA',
      address_zip: '94110',
      status: 'active',
      created_at: '2023-11-20T17:42:05.000Z',
    },
    {
      id: SEED.userIdA3,
      caller_id: CALLER_A,
      first_name: 'Aiko',
      last_name: 'Tanaka',
      email: 'aiko.tanaka@example.net',
      phone: '2065550111',
      ssn: '604227315',
      dob_day: 28,
      dob_month: 6,
      dob_year: 1995,
      address_line1: '401 Pine Avenue',
      address_line2: 'Unit 12',
      address_city: 'Seattle',
      address_state: 'WA',
      address_zip: '98101',
      status: 'active',
      created_at: '2024-02-11T08:01:44.000Z',
    },
    {
      id: SEED.userIdB,
      caller_id: CALLER_B,
      first_name: 'Samuel',
      last_name: 'Achebe',
      email: 'sam.achebe@example.com',
      phone: '3125550199',
      ssn: '087340221',
      dob_day: 9,
      dob_month: 12,
      dob_year: 1990,
      address_line1: '77 Lake Shore Dr',
      address_line2: null,
      address_city: 'Chicago',
      address_state: 'IL',
      address_zip: '60611',
      status: 'active',
      created_at: '2024-01-06T10:20:00.000Z',
    },
    {
      id: SEED.userIdB2,
      caller_id: CALLER_B,
      first_name: 'Lucia',
      last_name: 'Fernandez',
      email: 'lucia.f@example.org',
      phone: '3055550143',
      ssn: '412905567',
      dob_day: 21,
      dob_month: 4,
      dob_year: 1983,
      address_line1: '1500 Ocean Dr',
      address_line2: 'Suite 300',
      address_city: 'Miami',
      address_state: 'FL',
      address_zip: '33139',
      status: 'active',
      created_at: '2024-01-07T12:05:10.000Z',
    },
  ];
  const insUser = db.query(`INSERT INTO users (id, caller_id, first_name, last_name, email, phone, ssn, dob_day, dob_month, dob_year,
    address_line1, address_line2, address_city, address_state, address_zip, status, created_at)
    VALUES ($id, $caller_id, $first_name, $last_name, $email, $phone, $ssn, $dob_day, $dob_month, $dob_year,
    $address_line1, $address_line2, $address_city, $address_state, $address_zip, $status, $created_at)`);
  for (const u of users) {
    const r = userRow(u);
    insUser.run(Object.fromEntries(Object.entries(r).map(([k, v]) => ['$' + k, v])) as any);
  }

  const ROUTING = ['021000021', '011401533', '121000358', '026009593', '091000019', '322271627', '071000013'];
  const STATUS = ['active', 'active', 'inactive', 'active', 'pending', 'active', 'inactive'];
  const VERIF = ['verified', 'verified', 'pending', 'verified', 'pending'];
  const banks: any[] = [];
  // Caller A: 39 banks, 35 on the first user, 4 on the second. Imported in batches
  // of five (identical created_at inside a batch).
  const baseA = Date.parse('2024-01-10T08:00:00.000Z');
  for (let i = 0; i < 39; i++) {
    const onSecond = i % 9 === 4;
    const rtp = i % 3 !== 0;
    banks.push({
      id: 'ub_a' + (0x3e8a1 + i * 7919).toString(16).padStart(8, '0') + 'f0c2',
      caller_id: CALLER_A,
      user_id: onSecond ? SEED.userIdA2 : SEED.userIdA,
      account_number: i % 4 === 0 ? String(4000123 + i * 1117).padStart(12, '0') : String(88012345670 + i * 104729),
      routing_number: ROUTING[i % ROUTING.length],
      account_holder_type: 'individual',
      bank_account_type: i % 6 === 5 ? 'savings' : 'checking',
      is_rtp_enabled: rtp ? 1 : 0,
      is_rtp_rfp_enabled: rtp && i % 2 === 0 ? 1 : 0,
      status: STATUS[i % STATUS.length],
      verification_status: VERIF[i % VERIF.length],
      created_at: new Date(baseA + Math.floor(i / 5) * 37 * 60000).toISOString(),
    });
  }
  const baseB = Date.parse('2024-01-10T09:10:00.000Z');
  for (let i = 0; i < 7; i++) {
    banks.push({
      id: 'ub_b' + (0x91c3 + i * 104723).toString(16).padStart(8, '0') + '7d1e',
      caller_id: CALLER_B,
      user_id: i < 5 ? SEED.userIdB : SEED.userIdB2,
      account_number: String(550066001 + i * 3301),
      routing_number: ROUTING[(i + 3) % ROUTING.length],
      account_holder_type: 'individual',
      bank_account_type: 'checking',
      is_rtp_enabled: i % 2 ? 1 : 0,
      is_rtp_rfp_enabled: 0,
      status: i === 2 ? 'inactive' : 'active',
      verification_status: i === 3 ? 'pending' : 'verified',
      created_at: new Date(baseB + i * 53 * 60000).toISOString(),
    });
  }
  banks.sort((x, y) => (x.created_at < y.created_at ? -1 : x.created_at > y.created_at ? 1 : 0));
  const insBank = db.query(`INSERT INTO user_banks (id, caller_id, user_id, account_number, routing_number, account_holder_type,
    bank_account_type, is_rtp_enabled, is_rtp_rfp_enabled, status, verification_status, created_at)
    VALUES ($id, $caller_id, $user_id, $account_number, $routing_number, $account_holder_type,
    $bank_account_type, $is_rtp_enabled, $is_rtp_rfp_enabled, $status, $verification_status, $created_at)`);
  db.transaction(() => {
    for (const b of banks) insBank.run(Object.fromEntries(Object.entries(b).map(([k, v]) => ['$' + k, v])) as any);
  })();

  const insRfp = db.query(`INSERT INTO rfp_registrations (id, caller_id, use_case, status, created_at, replaced_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const P = 'rfp_registration_';
  // Registrations made at onboarding were migrated without created_at (legacy rows).
  insRfp.run('rfpr_1a7c03e9d4b2', CALLER_A, P + 'use_case_account_to_account', P + 'active', null, null);
  insRfp.run('rfpr_2b8d14fa05c3', CALLER_A, P + 'use_case_business_to_business', P + 'pending', '2024-02-01T11:00:00.000Z', null);
  insRfp.run('rfpr_3c9e250b16d4', CALLER_A, P + 'use_case_bill_pay', P + 'pending', '2024-02-15T09:30:00.000Z', '2024-03-01T10:00:00.000Z');
  insRfp.run('rfpr_4da0361c27e5', CALLER_A, P + 'use_case_bill_pay', P + 'inactive', '2024-03-01T10:00:00.000Z', null);
  insRfp.run('rfpr_5eb1472d38f6', CALLER_B, P + 'use_case_account_to_account', P + 'active', null, null);
  insRfp.run('rfpr_6fc2583e4907', CALLER_B, P + 'use_case_bill_pay', P + 'pending', '2024-01-20T15:45:00.000Z', null);
}

export { FAULT };
