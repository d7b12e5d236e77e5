// Bank-linking API on Deno + Deno KV (in-memory). FAULT env selects one defect; empty = conformant.
import { fault } from './fault.ts';
import { bankOut, type BankRec, rfpOut, type RfpRec, userOut, type UserRec } from './serialize.ts';
import {
  bankIdFromSeq,
  bankKey,
  decodeCursor,
  decodeCursorUnchecked,
  kv,
  nextBankSeq,
  queryBanks,
  rfpOnboardedKey,
  sha256Hex,
  statusIndexEntry,
  userIndexEntry,
} from './store.ts';
import { RFP_ROUTING, RTP_ROUTING, seed, TENANT_A } from './seed.ts';

const TOKEN_A = Deno.env.get('TOKEN_A') ?? '';
const TOKEN_B = Deno.env.get('TOKEN_B') ?? '';
if (TOKEN_A.length < 32 || TOKEN_B.length < 32) {
  console.error('TOKEN_A and TOKEN_B (>= 32 chars) are required');
  Deno.exit(2);
}
await seed(kv, { a: TOKEN_A, b: TOKEN_B });

// ---- helpers ---------------------------------------------------------------
const json = (status: number, body: unknown) => Response.json(body, { status });
const err = (status: number, code: string, message: string) => json(status, { error: { code, message } });
const unauthorized = () => err(401, 'unauthorized', 'A valid Bearer token is required');

interface Auth {
  tenant: string;
  defaultUser: string;
}

async function authenticate(req: Request): Promise<Auth | null> {
  const h = req.headers.get('authorization');
  if (!h) return null;
  let token: string;
  if (fault('auth-scheme-lax')) {
    token = h.split(' ').at(-1) ?? '';
  } else {
    const m = /^Bearer ([^\s]+)$/i.exec(h);
    if (!m) return null;
    token = m[1];
  }
  if (token.length < 16) return null;
  const rec = await kv.get<{ tenant: string; hash: string; default_user: string }>(['tokens', token.slice(0, 16)]);
  if (!rec.value) return null;
  if (!fault('auth-secret-unchecked') && rec.value.hash !== (await sha256Hex(token))) return null;
  return { tenant: rec.value.tenant, defaultUser: rec.value.default_user };
}

const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

// ---- POST /user_banks ------------------------------------------------------
async function createBank(req: Request): Promise<Response> {
  let auth: Auth | null;
  if (fault('auth-create-any-token')) {
    // gateway already verified the token; only check the header shape here
    auth = /^Bearer \S+$/i.test(req.headers.get('authorization') ?? '') ? { tenant: '', defaultUser: '' } : null;
  } else {
    auth = await authenticate(req);
  }
  if (!auth) return unauthorized();

  // deno-lint-ignore no-explicit-any
  let body: any;
  if (fault('create-bad-json-500')) {
    body = await req.json();
  } else {
    try {
      body = await req.json();
    } catch {
      return err(400, 'invalid_json', 'Body must be a JSON object');
    }
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return err(400, 'invalid_body', 'Body must be a JSON object');
  for (const f of ['user_id', 'account_number', 'routing_number']) {
    if (!isNonEmptyString(body[f])) return err(400, 'invalid_field', `${f} must be a non-empty string`);
  }
  for (const f of ['account_holder_type', 'bank_account_type']) {
    if (body[f] !== undefined && !isNonEmptyString(body[f])) return err(400, 'invalid_field', `${f} must be a string`);
  }

  let tenant = auth.tenant;
  if (fault('auth-create-any-token')) {
    tenant = (await kv.get<string>(['user_tenant', body.user_id])).value ?? '';
  }
  const user = tenant ? await kv.get<UserRec>(['users', tenant, body.user_id]) : null;
  if (!user?.value) return err(404, 'user_not_found', 'No such user');

  const userId: string = fault('create-linked-user-default') ? (body.userId ?? auth.defaultUser) : body.user_id;
  const routing = fault('create-routing-number-numeric') ? Number(body.routing_number) : body.routing_number;
  const seq = await nextBankSeq();
  const now = new Date();
  const isRtp = RTP_ROUTING.has(body.routing_number);
  const bank: BankRec = {
    id: bankIdFromSeq(seq),
    user_id: userId,
    account_number: body.account_number,
    routing_number: routing,
    account_holder_type: body.account_holder_type ?? 'individual',
    bank_account_type: body.bank_account_type ?? 'checking',
    created_at: now,
    is_rtp_enabled: isRtp,
    is_rtp_rfp_enabled: isRtp && RFP_ROUTING.has(body.routing_number),
    status: 'active',
    verification_status: 'verified',
  };
  if (fault('kvu64-bigint-500')) bank.seq = seq; // keep the sequence number for ordering
  if (fault('create-missing-verification')) {
    delete (bank as Partial<BankRec>).verification_status;
    bank.verificationStatus = 'verified';
  }
  const stored: BankRec = fault('bank-created-at-drift')
    ? { ...bank, created_at: new Date(Math.floor(now.getTime() / 1000) * 1000) } // epoch seconds is enough
    : bank;

  const pk = bankKey(tenant, bank.id);
  const op = kv.atomic();
  if (!fault('create-race-duplicate-id')) op.check({ key: pk, versionstamp: null });
  op.set(pk, stored);
  const [uk, uv] = userIndexEntry(tenant, stored);
  if (fault('index-late')) {
    await kv.enqueue({ kind: 'index', key: uk, value: uv }, { delay: 2000 });
  } else {
    op.set(uk, uv);
  }
  if (!fault('create-status-index-missing')) {
    const [sk, sv] = statusIndexEntry(tenant, stored);
    op.set(sk, sv);
  }
  const res = await op.commit();
  if (!res.ok) return err(409, 'conflict', 'Please retry');
  return json(201, bankOut(bank));
}

kv.listenQueue(async (msg: unknown) => {
  const m = msg as { kind: string; key: Deno.KvKey; value: unknown };
  if (m?.kind === 'index') await kv.set(m.key, m.value);
});

// ---- GET /user_banks -------------------------------------------------------
const listCache = new Map<string, { at: number; body: unknown }>();

function parseLimit(raw: string | null): number | null {
  if (fault('limit-nan-500')) return Math.min(parseInt(raw ?? '100', 10), 100);
  if (raw === null) return fault('limit-default-20') ? 20 : 100;
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  if (n < 1 || n > 100) return null;
  return fault('limit-max-25') ? Math.min(n, 25) : n;
}

async function listBanks(req: Request, url: URL): Promise<Response> {
  let auth = await authenticate(req);
  if (!auth && fault('auth-list-optional') && !req.headers.has('authorization')) {
    auth = { tenant: TENANT_A, defaultUser: '' }; // docs sandbox: anonymous reads hit the demo tenant
  }
  if (!auth) return unauthorized();
  const sp = url.searchParams;
  const limit = parseLimit(sp.get('limit'));
  if (limit === null) return err(400, 'invalid_limit', 'limit must be an integer from 1 to 100');
  const rawCursor = sp.get('cursor');
  // deno-lint-ignore no-explicit-any
  let cursor: any = null;
  if (rawCursor) {
    cursor = fault('cursor-garbage-500') ? decodeCursorUnchecked(rawCursor) : decodeCursor(rawCursor);
    const ok = cursor && (typeof cursor.a === 'string' || Array.isArray(cursor.k) || Number.isInteger(cursor.p));
    if (!ok) return err(400, 'invalid_cursor', 'cursor is not valid');
  }
  const status = sp.get('status') || undefined;
  let userId = sp.get('user_id') || undefined;
  if (userId && fault('user-filter-unknown-all')) {
    const u = await kv.get(['users', auth.tenant, userId]);
    if (!u.value) userId = undefined; // tolerate stale user ids from clients
  }

  const cacheKey = `${auth.tenant}|${limit}`;
  const cacheable = fault('list-cache-stale') && !cursor && !status && !userId;
  if (cacheable) {
    const hit = listCache.get(cacheKey);
    if (hit && Date.now() - hit.at < 5000) return json(200, hit.body);
  }
  const { items, next } = await queryBanks({ tenant: auth.tenant, limit, cursor, status, userId });
  const body = {
    data: items.map((b) => bankOut(b, { list: true })),
    next_cursor: fault('next-cursor-omitted') ? (next ?? undefined) : next,
  };
  if (cacheable) listCache.set(cacheKey, { at: Date.now(), body });
  return json(200, body);
}

// ---- GET /rfp_registrations --------------------------------------------------
const DEFAULT_RFP_USE_CASES = [
  'rfp_registration_use_case_account_to_account',
  'rfp_registration_use_case_business_to_business',
  'rfp_registration_use_case_bill_pay',
];

async function ensureRfpOnboarding(tenant: string) {
  // tenants onboarded before RfP existed get their registrations requested lazily
  const flag = await kv.get(rfpOnboardedKey(tenant));
  if (flag.value) return;
  const now = Date.now();
  const op = kv.atomic().check(flag);
  for (const use_case of DEFAULT_RFP_USE_CASES) {
    const rec: RfpRec = { use_case, status: 'rfp_registration_pending', requested_at: now, registered_at: null };
    op.set(['rfp', tenant, 'rfp_' + crypto.randomUUID().replaceAll('-', '').slice(0, 10)], rec);
  }
  op.set(rfpOnboardedKey(tenant), true);
  await op.commit();
}

async function listRfp(req: Request): Promise<Response> {
  let tenant: string | null = null;
  if (fault('auth-rfp-public') && !req.headers.has('authorization')) {
    tenant = null; // catalogue of registrations is public (marketing page)
  } else {
    const auth = await authenticate(req);
    if (!auth) return unauthorized();
    tenant = auth.tenant;
  }
  if (tenant) await ensureRfpOnboarding(tenant);
  const prefix: Deno.KvKey = tenant && !fault('tenant-rfp-prefix') ? ['rfp', tenant] : ['rfp'];
  const data = [];
  for await (const e of kv.list<RfpRec>({ prefix })) {
    if (fault('rfp-hide-inactive') && e.value.status === 'rfp_registration_inactive') continue;
    data.push(rfpOut(e.key, e.value));
  }
  return json(200, { data, next_cursor: null });
}

// ---- GET /users/{user_id} ----------------------------------------------------
async function getUser(req: Request, _url: URL, params: Record<string, string | undefined>): Promise<Response> {
  let tenant: string | null = null;
  const auth = await authenticate(req);
  if (!auth && !(fault('auth-user-skip') && !req.headers.has('authorization'))) return unauthorized();
  tenant = auth?.tenant ?? null;

  let id: string;
  try {
    id = decodeURIComponent(params.user_id ?? '');
  } catch {
    return err(404, 'user_not_found', 'No such user');
  }
  if (!fault('user-id-long-500') && (id.length === 0 || id.length > 200)) {
    return err(404, 'user_not_found', 'No such user');
  }
  if (!tenant || fault('tenant-user-global')) {
    // resolve through the global user index (support tooling path)
    tenant = (await kv.get<string>(['user_tenant', id])).value;
    if (!tenant) return err(404, 'user_not_found', 'No such user');
  }
  let user: UserRec | null;
  if (fault('user-range-scan')) {
    user = null;
    for await (const e of kv.list<UserRec>({ start: ['users', tenant, id], end: ['users', tenant, '\uffff'] }, { limit: 1 })) {
      user = e.value;
    }
  } else {
    user = (await kv.get<UserRec>(['users', tenant, id])).value;
  }
  if (!user) return err(404, 'user_not_found', 'No such user');
  return json(200, userOut(user));
}

// ---- routing -----------------------------------------------------------------
type Handler = (req: Request, url: URL, params: Record<string, string | undefined>) => Promise<Response>;
const routes: Array<{ pattern: URLPattern; methods: Record<string, Handler> }> = [
  { pattern: new URLPattern({ pathname: '/user_banks' }), methods: { POST: createBank, GET: listBanks } },
  { pattern: new URLPattern({ pathname: '/rfp_registrations' }), methods: { GET: listRfp } },
  { pattern: new URLPattern({ pathname: '/users/:user_id' }), methods: { GET: getUser } },
];

async function handle(req: Request): Promise<Response> {
  const url = new URL(req.url);
  for (const r of routes) {
    const m = r.pattern.exec(url);
    if (!m) continue;
    const h = r.methods[req.method];
    if (!h) {
      return new Response(JSON.stringify({ error: { code: 'method_not_allowed', message: 'Method not allowed' } }), {
        status: 405,
        headers: { 'content-type': 'application/json', allow: Object.keys(r.methods).join(', ') },
      });
    }
    return await h(req, url, m.pathname.groups);
  }
  return err(404, 'not_found', 'No such route');
}

Deno.serve(
  {
    port: 0,
    hostname: '127.0.0.1',
    onListen: ({ port }) => console.log(`LISTENING ${port}`),
    onError: (e) => {
      console.error('unhandled', e);
      return err(500, 'internal_error', 'Internal server error');
    },
  },
  handle,
);
