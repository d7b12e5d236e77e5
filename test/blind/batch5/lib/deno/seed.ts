import type { BankRec, RfpRec, UserRec } from './serialize.ts';
import { bankIndexEntries, sha256Hex } from './store.ts';

export const TENANT_A = 'ten_acme';
export const TENANT_B = 'ten_bolt';

const BASE = Date.UTC(2024, 0, 15, 10, 0, 0);
const minutes = (n: number) => new Date(BASE + n * 60_000);

const USERS: Record<string, UserRec[]> = {
  [TENANT_A]: [
    {
      id: 'usr_3f9a1c0e5b7d',
      first_name: 'Maria',
      last_name: 'Lindqvist',
      email: 'maria.lindqvist@example.com',
      phone: '5550142201',
      ssn: '900123456',
      dob: new Date(Date.UTC(1989, 0, 15)),
      address: { line1: '12 Harbor Road', line2: null, city: 'Portland', state: 'OR', zip: '97201' },
      created_at: minutes(-600),
      status: 'active',
    },
    {
      id: 'usr_4b2e8d6a9c10',
      first_name: 'Tomas',
      last_name: 'Okafor',
      email: 'tomas.okafor@example.com',
      phone: '5550177302',
      ssn: '900234567',
      dob: new Date(Date.UTC(1992, 6, 3)),
      address: { line1: '480 Elm Street', line2: 'Apt 4B', city: 'Columbus', state: 'OH', zip: '43004' },
      created_at: minutes(-500),
      status: 'active',
    },
    {
      id: 'usr_5c7f2a4e1d93',
      first_name: 'Aiko',
      last_name: 'Brennan',
      email: 'aiko.brennan@example.com',
      phone: '5550190403',
      ssn: '900345678',
      dob: new Date(Date.UTC(1978, 10, 28)),
      address: { line1: '7 Quarry Lane', line2: 'Suite 200', city: 'Austin', state: 'TX', zip: '73301' },
      created_at: minutes(-400),
      status: 'active',
    },
  ],
  [TENANT_B]: [
    {
      id: 'usr_6d1b9e3f7a25',
      first_name: 'Lena',
      last_name: 'Marchetti',
      email: 'lena.marchetti@example.org',
      phone: '5550113504',
      ssn: '900456789',
      dob: new Date(Date.UTC(1985, 3, 9)),
      address: { line1: '90 Birch Avenue', line2: null, city: 'Denver', state: 'CO', zip: '80202' },
      created_at: minutes(-300),
      status: 'active',
    },
    {
      id: 'usr_7e4c0a8b2f61',
      first_name: 'Samir',
      last_name: 'Haddad',
      email: 'samir.haddad@example.org',
      phone: '5550128605',
      ssn: '900567890',
      dob: new Date(Date.UTC(1999, 11, 1)),
      address: { line1: '3 Pier Street', line2: 'Unit 9', city: 'Tampa', state: 'FL', zip: '33602' },
      created_at: minutes(-200),
      status: 'active',
    },
  ],
};

export const ROUTING = ['021000021', '011401533', '091000019', '121000248', '026009593'];
export const RTP_ROUTING = new Set(['021000021', '011401533', '091000019', '026009593']);
export const RFP_ROUTING = new Set(['021000021', '026009593']);

const STATUS_CYCLE = ['active', 'active', 'inactive', 'active', 'pending', 'active', 'inactive'];

function seedBank(seq: number, tenantIdx: number, userId: string): BankRec {
  const i = tenantIdx;
  const isRtp = i % 4 !== 3;
  return {
    id: 'ub_' + String(seq).padStart(8, '0'),
    user_id: userId,
    account_number: String(100200300 + i * 7919),
    routing_number: ROUTING[i % ROUTING.length],
    account_holder_type: 'individual',
    bank_account_type: 'checking',
    created_at: minutes(i + (userId.startsWith('usr_6') || userId.startsWith('usr_7') ? 100 : 0)),
    is_rtp_enabled: isRtp,
    is_rtp_rfp_enabled: isRtp && i % 2 === 0,
    status: STATUS_CYCLE[i % STATUS_CYCLE.length],
    verification_status: i % 3 === 2 ? 'pending' : 'verified',
  };
}

const RFP_SEED: Record<string, Array<[string, string, string, number]>> = {
  [TENANT_A]: [
    ['rfp_9a41c2d7e0', 'rfp_registration_use_case_account_to_account', 'rfp_registration_active', -900],
    ['rfp_9a41c2d7e1', 'rfp_registration_use_case_business_to_business', 'rfp_registration_pending', -890],
    ['rfp_9a41c2d7e2', 'rfp_registration_use_case_bill_pay', 'rfp_registration_inactive', -880],
  ],
  [TENANT_B]: [
    ['rfp_b73e05f1a0', 'rfp_registration_use_case_account_to_account', 'rfp_registration_active', -870],
    ['rfp_b73e05f1a1', 'rfp_registration_use_case_bill_pay', 'rfp_registration_pending', -860],
  ],
};

export async function seed(kv: Deno.Kv, tokens: { a: string; b: string }) {
  // tokens: looked up by their public 16-char prefix, verified by hash
  for (const [token, tenant] of [
    [tokens.a, TENANT_A],
    [tokens.b, TENANT_B],
  ] as const) {
    await kv.set(['tokens', token.slice(0, 16)], {
      tenant,
      hash: await sha256Hex(token),
      default_user: USERS[tenant][0].id,
    });
  }
  for (const tenant of [TENANT_A, TENANT_B]) {
    const op = kv.atomic();
    for (const u of USERS[tenant]) {
      op.set(['users', tenant, u.id], u);
      op.set(['user_tenant', u.id], tenant); // support tooling: user id -> tenant
    }
    await op.commit();
  }
  // banks: ids from one global sequence, A first then B
  let seq = 0;
  const plan: Array<[string, string[]]> = [
    [TENANT_A, Array.from({ length: 40 }, (_, i) => (i % 9 === 8 ? USERS[TENANT_A][1].id : USERS[TENANT_A][0].id))],
    [TENANT_B, [0, 0, 1, 0, 0, 1, 0].map((k) => USERS[TENANT_B][k].id)],
  ];
  for (const [tenant, owners] of plan) {
    let op = kv.atomic();
    let n = 0;
    for (let i = 0; i < owners.length; i++) {
      const b = seedBank(++seq, i, owners[i]);
      op.set(['banks', tenant, b.id], b);
      for (const [k, v] of bankIndexEntries(tenant, b)) op.set(k, v);
      if (++n % 10 === 0) {
        await op.commit();
        op = kv.atomic();
      }
    }
    await op.commit();
  }
  await kv.set(['seq', 'banks'], new Deno.KvU64(BigInt(seq)));

  for (const tenant of [TENANT_A, TENANT_B]) {
    const op = kv.atomic();
    for (const [id, use_case, status, min] of RFP_SEED[tenant]) {
      const at = minutes(min).getTime();
      const rec: RfpRec = {
        use_case,
        status,
        requested_at: at,
        registered_at: status === 'rfp_registration_pending' ? null : at + 3_600_000,
      };
      op.set(['rfp', tenant, id], rec);
    }
    op.set(['rfp_onboarded', tenant], true);
    await op.commit();
  }
}
