/**
 * The seeded data set of the reference implementation: two callers (tenants), each with its own
 * token, users, user banks and RfP registrations. Caller A holds more than 100 user banks so the
 * default page size and multi-page walks can be proved without writing; caller B exists for the
 * tenant-isolation checks. All personal data is made up.
 */
import { abaCheckDigit } from '../core/domain/routing-number.js';
import { IdFactory, seededRandom } from './ids.js';
import type { BankRecord, Caller, RfpRecord, UserRecord } from './model.js';
import type { Variation } from './variations.js';

export interface FixtureOptions {
  seed: number;
  /** Extra user banks for caller A's first user (benchmarks walk 10,000 and 100,000). */
  extraBanks: number;
  /** The status of every seventh User Bank besides "active" (the variation's choice; default inactive). */
  otherBankStatus?: string;
}

export const FIXTURE_TOKENS = { a: 'ref-token-acme-7f3a9c2e51d84b06', b: 'ref-token-globex-c41d0e9a2b7f6358' } as const;

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth'];
const ROUTING_PREFIXES = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '21', '22', '26', '31', '32'];

export class Fixtures {
  readonly callers: Caller[];
  private seq = 0;
  private readonly random: () => number;
  private readonly base = Date.UTC(2025, 0, 6, 9, 0, 0);

  private readonly otherBankStatus: string;

  constructor(
    readonly ids: IdFactory,
    options: FixtureOptions,
  ) {
    this.random = seededRandom(options.seed ^ 0x5eed);
    this.otherBankStatus = options.otherBankStatus ?? 'inactive';
    const a: Caller = { name: 'acme', token: FIXTURE_TOKENS.a, users: [], banks: [], rfps: [] };
    const b: Caller = { name: 'globex', token: FIXTURE_TOKENS.b, users: [], banks: [], rfps: [] };
    a.users.push(this.user(0, '12B'), this.user(1, null), this.user(2, null));
    b.users.push(this.user(3, 'Suite 400'), this.user(4, null));
    const [a1, a2] = a.users as [UserRecord, UserRecord];
    for (let i = 0; i < 60; i += 1) a.banks.push(this.bank(a1.id, i));
    for (let i = 0; i < 45; i += 1) a.banks.push(this.bank(a2.id, 60 + i));
    for (let i = 0; i < options.extraBanks; i += 1) a.banks.push(this.bank(a1.id, 105 + i));
    const [b1] = b.users as [UserRecord];
    for (let i = 0; i < 4; i += 1) b.banks.push(this.bank(b1.id, 500 + i));
    a.rfps.push(this.rfp('active', 'account_to_account'), this.rfp('pending', 'business_to_business'), this.rfp('inactive', 'bill_pay'));
    b.rfps.push(this.rfp('active', 'bill_pay'));
    this.callers = [a, b];
  }

  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  private digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i += 1) out += Math.floor(this.random() * 10);
    return out;
  }

  routingNumber(): string {
    const prefix = ROUTING_PREFIXES[Math.floor(this.random() * ROUTING_PREFIXES.length)] as string;
    const eight = prefix + this.digits(6);
    return eight + abaCheckDigit(eight);
  }

  private user(n: number, line2: string | null): UserRecord {
    const first = FIRST[n % FIRST.length] as string;
    const last = LAST[n % LAST.length] as string;
    return {
      id: this.ids.next('user'),
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
      phone: `555${this.digits(7)}`,
      ssn: `9${this.digits(8)}`,
      date_of_birth: { date: 1 + ((n * 7) % 28), month: 1 + ((n * 5) % 12), year: 1960 + n * 6 },
      address: { line1: `${100 + n} Main Street`, line2, city: 'Springfield', state: 'IL', zip: `6270${n}` },
      createdAt: new Date(this.base + n * 86_400_000),
      status: 'active',
    };
  }

  private bank(userId: string, n: number): BankRecord {
    return {
      seq: this.nextSeq(),
      id: this.ids.next('bank'),
      user_id: userId,
      // Leading zeros on some, so "returned as given" is visible in the seeded data too.
      account_number: (n % 5 === 0 ? '00' : '') + this.digits(6 + (n % 9)),
      routing_number: this.routingNumber(),
      account_holder_type: 'individual',
      bank_account_type: n % 4 === 3 ? 'savings' : 'checking',
      createdAt: new Date(this.base + 3_600_000 * (n + 1)),
      is_rtp_enabled: n % 3 !== 0,
      is_rtp_rfp_enabled: n % 6 === 1,
      status: n % 7 === 6 ? this.otherBankStatus : 'active',
      verification_status: n % 11 === 10 ? 'pending' : 'verified',
    };
  }

  private rfp(status: RfpRecord['status'], useCase: RfpRecord['use_case']): RfpRecord {
    return { seq: this.nextSeq(), id: this.ids.next('rfp'), createdAt: new Date(this.base - 86_400_000 * 30), status, use_case: useCase };
  }
}

export function buildFixtures(variation: Variation, options: FixtureOptions): Fixtures {
  return new Fixtures(new IdFactory(variation.idFormat, seededRandom(options.seed)), {
    ...options,
    otherBankStatus: variation.otherBankStatus,
  });
}
