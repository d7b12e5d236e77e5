// Bank-linking API on Bun + bun:sqlite.
// Run: bun server.ts  (env BANK_TOKEN_A, BANK_TOKEN_B, optional FAULT)
import { db, seed, sha256hex, SEED } from './db.ts';
import { F } from './fault.ts';

type Caller = { id: string; name: string; onboarded_at: string };
type Ctx = { caller: Caller | null };
type Params = string[];
type Handler = (req: Request, url: URL, ctx: Ctx, params: Params) => Response | Promise<Response>;

const TOKEN_A = process.env.BANK_TOKEN_A ?? '';
const TOKEN_B = process.env.BANK_TOKEN_B ?? '';
if (TOKEN_A.length < 32 || TOKEN_B.length < 32) {
  console.error('BANK_TOKEN_A and BANK_TOKEN_B must be set (>= 32 chars)');
  process.exit(2);
}
await seed(TOKEN_A, TOKEN_B);

// ---------------------------------------------------------------- helpers
function error(status: number, code: string, message: string, headers?: Record<string, string>): Response {
  return Response.json({ error: { code, message } }, { status, headers });
}

function newId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;
}

// ---------------------------------------------------------------- auth
// Tokens are stored hashed (sha256); the lookup is by hash.
const tokenCache = new Map<string, Caller>();

async function authenticate(req: Request): Promise<Caller | null> {
  const header = req.headers.get('authorization');
  if (!header) return null;
  const m = /^Bearer ([^\s]+)$/i.exec(header);
  if (!m) return null;
  const token = m[1];
  if (F('auth-token-prefix-cache')) {
    // "avoid hashing on every request": cache keyed by a short token prefix
    const hit = tokenCache.get(token.slice(0, 16));
    if (hit) return hit;
  }
  const hash = await sha256hex(token);
  const row = db.query('SELECT id, name, onboarded_at FROM callers WHERE token_hash = ?').get(hash) as Caller | null;
  if (row && F('auth-token-prefix-cache')) tokenCache.set(token.slice(0, 16), row);
  return row ?? null;
}

// ---------------------------------------------------------------- cursors
// Opaque, HMAC-signed cursors: base64url(json) "." base64url(sig)
const cursorKey = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
const enc = new TextEncoder();

async function encodeCursor(payload: Record<string, unknown>): Promise<string> {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sig = await crypto.subtle.sign('HMAC', cursorKey, enc.encode(body));
  return `${body}.${Buffer.from(sig).toString('base64url')}`;
}

async function decodeCursor(raw: string): Promise<Record<string, any> | null> {
  const parts = raw.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(parts[0]) || !/^[A-Za-z0-9_-]+$/.test(parts[1])) return null;
  const ok = await crypto.subtle.verify('HMAC', cursorKey, Buffer.from(parts[1], 'base64url'), enc.encode(parts[0]));
  if (!ok) return null;
  try {
    const v = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- mappers
const BANK_COLUMNS = [
  'seq',
  'id',
  'user_id',
  'account_number',
  'routing_number',
  'account_holder_type',
  'bank_account_type',
  'is_rtp_enabled',
  'is_rtp_rfp_enabled',
  'status',
  'verification_status',
  'created_at',
];
// The list query still used the column list from before verification_status existed.
const LIST_COLUMNS = F('list-missing-verification-status') ? BANK_COLUMNS.filter((c) => c !== 'verification_status') : BANK_COLUMNS;

function toUserBank(row: any) {
  return {
    id: row.id,
    user_id: row.user_id,
    account_number: F('bank-account-masked')
      ? '*'.repeat(Math.max(0, String(row.account_number).length - 4)) + String(row.account_number).slice(-4)
      : row.account_number,
    routing_number: String(row.routing_number),
    account_holder_type: row.account_holder_type,
    bank_account_type: row.bank_account_type,
    created_at: row.created_at,
    is_rtp_enabled: F('bank-rtp-int') ? row.is_rtp_enabled : !!row.is_rtp_enabled,
    is_rtp_rfp_enabled: F('bank-rtp-int') ? row.is_rtp_rfp_enabled : !!row.is_rtp_rfp_enabled,
    status: row.status,
    verification_status: row.verification_status,
  };
}

function toUser(row: any) {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    ssn: row.ssn,
    date_of_birth: { date: row.dob_day, month: row.dob_month, year: row.dob_year },
    address: {
      line1: row.address_line1,
      line2: F('user-line2-dropped') ? (row.address_line2 ?? undefined) : row.address_line2,
      city: row.address_city,
      state: row.address_state,
      zip: row.address_zip,
    },
    created_at: row.created_at,
    status: row.status,
  };
}

const RFP_STATUS: Record<string, string> = {
  rfp_registration_pending: 'pending',
  rfp_registration_active: 'active',
  ...(F('rfp-status-internal') ? {} : { rfp_registration_inactive: 'inactive' }),
};
const RFP_USE_CASE: Record<string, string> = {
  rfp_registration_use_case_account_to_account: 'account_to_account',
  rfp_registration_use_case_business_to_business: 'business_to_business',
  rfp_registration_use_case_bill_pay: 'bill_pay',
};

function toRfpRegistration(row: any) {
  return {
    id: row.id,
    created_at: row.created_at,
    status: RFP_STATUS[row.status] ?? row.status,
    use_case: F('rfp-use-case-internal') ? row.use_case : (RFP_USE_CASE[row.use_case] ?? row.use_case),
  };
}

// ---------------------------------------------------------------- repositories
function findUser(id: string, callerId: string | null): any {
  if (callerId === null || F('tenant-user-retrieve')) {
    return db.query('SELECT * FROM users WHERE id = ?1').get(id);
  }
  return db.query('SELECT * FROM users WHERE id = ?1 AND caller_id = ?2').get(id, callerId);
}

// list cache: hot endpoint, short TTL, cleared on every write
const LIST_TTL_MS = 30_000;
const listCache = new Map<string, { expires: number; body: unknown }>();
let listCacheGeneration = 0; // bumped on every write, so a page computed before a write is not stored

// ---------------------------------------------------------------- handlers
const createUserBank: Handler = async (req, _url, ctx) => {
  let body: any;
  try {
    body = await req.json();
  } catch (e) {
    if (e instanceof SyntaxError) return error(400, 'invalid_json', 'Request body must be a JSON object');
    throw e;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return error(400, 'invalid_body', 'Request body must be a JSON object');
  }
  for (const f of ['user_id', 'account_number', 'routing_number']) {
    if (typeof body[f] !== 'string' || body[f].trim() === '') {
      return error(400, 'invalid_field', `${f} is required and must be a non-empty string`);
    }
  }
  for (const f of ['account_holder_type', 'bank_account_type']) {
    if (body[f] !== undefined && (typeof body[f] !== 'string' || body[f].trim() === '')) {
      return error(400, 'invalid_field', `${f} must be a non-empty string`);
    }
  }
  const caller = ctx.caller;
  let userId: string = body.user_id;
  if (F('create-links-default-user')) {
    // SDK sends camelCase; fall back to the caller's primary user
    const primary = db.query('SELECT id FROM users WHERE caller_id = ? ORDER BY seq LIMIT 1').get(caller!.id) as any;
    userId = body.userId ?? primary.id;
  }
  let callerId = caller?.id ?? null;
  if (!F('create-unknown-user-500')) {
    const user = findUser(userId, callerId);
    if (!user) return error(404, 'user_not_found', 'No such user');
    callerId = user.caller_id;
  }

  const record: Record<string, any> = {
    id: newId('ub'),
    user_id: userId,
    account_number: body.account_number,
    routing_number: body.routing_number,
    account_holder_type: body.account_holder_type ?? 'individual',
    bank_account_type: body.bank_account_type ?? 'checking',
    ...(F('create-missing-rtp-fields') ? {} : { is_rtp_enabled: 1, is_rtp_rfp_enabled: 0 }),
    status: 'active',
    verification_status: 'pending',
    created_at: F('create-created-at-epoch') ? Date.now() : new Date().toISOString(),
  };
  const cols = Object.keys(record);
  db.query(`INSERT INTO user_banks (caller_id, ${cols.join(', ')}) VALUES ($caller_id, ${cols.map((c) => '$' + c).join(', ')})`).run({
    $caller_id: callerId,
    ...Object.fromEntries(cols.map((c) => ['$' + c, record[c]])),
    ...(F('create-id-mismatch') ? { $id: newId('ub') } : {}),
  } as any);
  if (!F('create-not-listed-cache')) {
    listCacheGeneration++;
    listCache.clear();
  }
  if (F('create-missing-rtp-fields')) {
    // echo what was stored; the RTP flags are column defaults and never were in `record`
    const { id, user_id, account_number, routing_number, account_holder_type, bank_account_type, status, verification_status, created_at } =
      record;
    return Response.json(
      { id, user_id, account_number, routing_number, account_holder_type, bank_account_type, created_at, status, verification_status },
      { status: 201 },
    );
  }
  return Response.json(toUserBank(record), { status: 201 });
};

const listUserBanks: Handler = async (_req, url, ctx) => {
  const sp = url.searchParams;

  let limit: any = F('limit-default-25') ? 25 : 100;
  const rawLimit = sp.get('limit');
  if (rawLimit !== null) {
    if (!/^\d+$/.test(rawLimit)) return error(400, 'invalid_limit', 'limit must be an integer from 1 to 100');
    const n = Number(rawLimit);
    const max = F('limit-max-not-enforced') ? 1000 : 100;
    if (n < 1 || n > max) return error(400, 'invalid_limit', 'limit must be an integer from 1 to 100');
    limit = F('limit-string-concat') ? rawLimit : n;
  }

  let after: Record<string, any> | null = null;
  const rawCursor = sp.get('cursor');
  if (rawCursor !== null && rawCursor !== '') {
    if (F('list-next-cursor-number')) {
      after = /^\d+$/.test(rawCursor) ? { s: Number(rawCursor) } : null;
    } else {
      after = await decodeCursor(rawCursor);
    }
    if (after === null) return error(400, 'invalid_cursor', 'cursor is not valid');
  }

  const status = sp.get('status');
  const userId = sp.get('user_id');
  const caller = ctx.caller;

  const cacheKey = F('tenant-list-cache-key') ? url.search : `${caller?.id}|${url.search}`;
  const cached = listCache.get(cacheKey);
  if (cached && cached.expires > Date.now()) return Response.json(cached.body);

  let where: string[] = [];
  const params: Record<string, any> = {};
  if (F('auth-list-optional')) {
    where.push('($caller IS NULL OR caller_id = $caller)');
    params.$caller = caller?.id ?? null;
  } else if (!(F('tenant-list-user-filter') && userId)) {
    // (fault: "user ids are globally unique, the user filter is enough")
    where.push('caller_id = $caller');
    params.$caller = caller!.id;
  }
  if (F('filter-combined-else-if')) {
    if (status !== null) {
      where.push('status = $status');
      params.$status = status;
    } else if (userId !== null) {
      where.push('user_id = $user_id');
      params.$user_id = userId;
    }
  } else {
    if (status !== null) {
      where.push(F('filter-status-wrong-column') ? 'verification_status = $status' : 'status = $status');
      params.$status = status;
    }
    if (userId !== null) {
      where.push('user_id = $user_id');
      params.$user_id = userId;
    }
  }
  // product: closed (inactive) accounts are hidden unless asked for explicitly
  if (F('list-hides-inactive') && status === null) where.push("status <> 'inactive'");

  let offset = 0;
  if (after) {
    if (F('filter-lost-on-cursor')) {
      // "next page" fast path
      where = ['caller_id = $caller'];
      for (const k of Object.keys(params)) delete params[k];
      params.$caller = caller!.id;
    }
    if (F('page-offset-cursor')) {
      offset = Number(after.p) * limit;
    } else if (F('page-keyset-nonunique')) {
      where.push('created_at > $after');
      params.$after = String(after.t);
    } else {
      if (typeof after.s !== 'number' && typeof after.s !== 'string') return error(400, 'invalid_cursor', 'cursor is not valid');
      where.push(F('page-repeat-last') ? 'seq >= $after' : 'seq > $after');
      params.$after = after.s;
    }
  }

  const take = limit + 1;
  const order = F('page-keyset-nonunique') ? 'created_at, seq' : 'seq';
  const sql = `SELECT ${LIST_COLUMNS.join(', ')} FROM user_banks WHERE ${where.join(' AND ')}
    ORDER BY ${order} LIMIT $take${offset ? ' OFFSET $offset' : ''}`;
  const generation = listCacheGeneration;
  const stmt = db.query(sql);
  if (F('cursor-bigint-500')) stmt.safeIntegers(true); // seq may outgrow 2^53
  const rows = stmt.all({ ...params, $take: take, ...(offset ? { $offset: offset } : {}) } as any) as any[];

  const hasMore = rows.length === take;
  const page = rows.slice(0, limit);
  let nextCursor: string | number | null = null;
  if (hasMore) {
    const last = page[page.length - 1];
    if (F('list-next-cursor-number')) nextCursor = last.seq;
    else if (F('page-offset-cursor')) nextCursor = await encodeCursor({ p: Number(after?.p ?? 0) + 1 });
    else if (F('page-keyset-nonunique')) nextCursor = await encodeCursor({ t: last.created_at });
    else if (F('page-skip-one'))
      nextCursor = await encodeCursor({ s: rows[page.length].seq }); // first row of next page
    else nextCursor = await encodeCursor({ s: last.seq });
  }
  const body = {
    data: page.map(toUserBank),
    next_cursor: F('list-next-cursor-omitted') ? (nextCursor ?? undefined) : nextCursor,
  };
  if (generation === listCacheGeneration) listCache.set(cacheKey, { expires: Date.now() + LIST_TTL_MS, body });
  return Response.json(body);
};

const listRfpRegistrations: Handler = (_req, _url, ctx) => {
  const where: string[] = [];
  const params: Record<string, any> = {};
  if (!F('tenant-rfp-all-callers')) {
    where.push('r.caller_id = $caller');
    params.$caller = ctx.caller?.id ?? null;
  }
  if (!F('rfp-history-duplicates')) where.push('r.replaced_at IS NULL');
  const createdAt = F('rfp-created-at-null') ? 'r.created_at' : 'COALESCE(r.created_at, c.onboarded_at)';
  const rows = db
    .query(
      `SELECT r.id, r.use_case, r.status, ${createdAt} AS created_at
    FROM rfp_registrations r JOIN callers c ON c.id = r.caller_id
    ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY r.seq`,
    )
    .all(params as any);
  const data = rows.map(toRfpRegistration);
  return Response.json(F('rfp-no-next-cursor') ? { data } : { data, next_cursor: null });
};

const userCache = new Map<string, unknown>();

const retrieveUser: Handler = (_req, _url, ctx, params) => {
  let id: string;
  try {
    id = decodeURIComponent(params[0]);
  } catch {
    return error(404, 'user_not_found', 'No such user');
  }
  const caller = ctx.caller;
  const key = F('user-cache-by-caller') ? String(caller?.id) : `${caller?.id}|${id}`;
  const hit = userCache.get(key);
  if (hit) return Response.json(hit);

  let row: any;
  if (F('user-args-swapped')) {
    row = db.query('SELECT * FROM users WHERE id = ?1 AND caller_id = ?2').get(caller!.id, id);
  } else if (F('user-bigint-500')) {
    const stmt = db.query('SELECT * FROM users WHERE id = ?1 AND caller_id = ?2');
    stmt.safeIntegers(true); // keep 64-bit ids exact
    row = stmt.get(id, caller!.id);
  } else {
    row = findUser(id, caller?.id ?? null);
  }
  if (!row) return error(404, 'user_not_found', 'No such user');
  const user = toUser(row);
  const res = Response.json(user);
  userCache.set(key, user);
  return res;
};

// ---------------------------------------------------------------- router
type Route = { method: string; pattern: RegExp; auth: boolean; handler: Handler };
const routes: Route[] = [
  { method: 'POST', pattern: /^\/user_banks$/, auth: !F('auth-create-optional'), handler: createUserBank },
  { method: 'GET', pattern: /^\/user_banks$/, auth: !F('auth-list-optional'), handler: listUserBanks },
  { method: 'GET', pattern: /^\/rfp_registrations$/, auth: !F('auth-rfp-optional'), handler: listRfpRegistrations },
  { method: 'GET', pattern: /^\/users\/([^/]+)$/, auth: !F('auth-user-optional'), handler: retrieveUser },
];

const sharedCtx: Ctx = { caller: null };

async function dispatch(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const matching = routes.filter((r) => r.pattern.test(url.pathname));
  if (matching.length === 0) return error(404, 'not_found', 'No such route');
  const route = matching.find((r) => r.method === req.method);
  if (!route) {
    return error(405, 'method_not_allowed', 'Method not allowed', { Allow: matching.map((r) => r.method).join(', ') });
  }
  const params = (route.pattern.exec(url.pathname) ?? []).slice(1);

  // request context (fault: one module-level object shared by all requests)
  const ctx: Ctx = F('tenant-global-caller-race') ? sharedCtx : { caller: null };
  ctx.caller = await authenticate(req);
  if (route.auth && !ctx.caller) {
    return error(401, 'unauthorized', 'Missing or invalid bearer token', { 'WWW-Authenticate': 'Bearer' });
  }
  if (F('create-body-already-used') && req.method === 'POST') {
    // audit log of write requests
    const raw = await req.text();
    if (process.env.AUDIT_LOG) console.error(`[audit] ${req.method} ${url.pathname} ${raw.length}b`);
  }
  return await route.handler(req, url, ctx, params);
}

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    try {
      return await dispatch(req);
    } catch (e) {
      console.error(e);
      return error(500, 'internal_error', 'Internal server error');
    }
  },
  error(e) {
    console.error(e);
    return error(500, 'internal_error', 'Internal server error');
  },
});

console.log(`SEED ${JSON.stringify({ userIdA: SEED.userIdA, userIdB: SEED.userIdB })}`);
console.log(`LISTENING ${server.port}`);
