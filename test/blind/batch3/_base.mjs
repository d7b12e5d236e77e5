// Conformant in-memory implementation of the bank-linking API (spec/bank-linking-api.md),
// with switchable single defects ("faults") used by the numbered servers of this folder.
import http from 'node:http';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const FAULTS = [
  'usersOptionalAuth',
  'authTokenPrefix',
  'authTrailingSlashBypass',
  'userLookupAnyTenant',
  'createForeignUser',
  'userFilterDropsOwner',
  'listCacheSharedKey',
  'callerModuleState',
  'defaultLimit20',
  'limitMaxExclusive',
  'cursorInclusive',
  'cursorDropsFilters',
  'combinedFiltersDropStatus',
  'statusFilterCollation',
  'nextCursorOmitted',
  'rfpJoinDuplicate',
  'rfpOmitNullCreatedAt',
  'rfpInternalStatus',
  'userAddressJsonString',
  'userDobZeroMonth',
  'routingNumberIntegerAffinity',
  'createIdMismatch',
  'userBankCacheStale',
  'createIdTimeHash',
  'repeatedParam500',
];

const hash = (s, n = 20) => createHash('sha256').update(s).digest('hex').slice(0, n);

// ---------------------------------------------------------------- seed data (deterministic)
function buildSeed() {
  const callers = [
    { id: 'biz_a', token: 'sk_test_' + hash('caller-a-token', 32) },
    { id: 'biz_b', token: 'sk_test_' + hash('caller-b-token', 32) },
  ];
  const mkUser = (key, owner, first, last, phone, ssn, dob, address, created) => ({
    id: 'usr_' + hash('user-' + key),
    owner,
    first_name: first,
    last_name: last,
    email: `${first}.${last}@example.com`.toLowerCase().replace(/\s+/g, ''),
    phone,
    ssn,
    dob,
    address,
    created_at: created,
    status: 'active',
  });
  const users = [
    mkUser(
      'a1',
      'biz_a',
      'Maria',
      'Alvarez',
      '4155550132',
      '012345678',
      '1985-01-15',
      { line1: '100 Market St', line2: 'Apt 4B', city: 'San Francisco', state: 'CA', zip: '94105' },
      '2023-09-01T08:15:00.000Z',
    ),
    mkUser(
      'a2',
      'biz_a',
      'James',
      'Okafor',
      '2125550188',
      '234567890',
      '1990-07-04',
      { line1: '55 Water St', line2: null, city: 'New York', state: 'NY', zip: '10041' },
      '2023-10-12T14:02:11.000Z',
    ),
    mkUser(
      'a3',
      'biz_a',
      'Wei',
      'Chen',
      '3125550170',
      '345678901',
      '1978-12-31',
      { line1: '1 N State St', line2: 'Suite 200', city: 'Chicago', state: 'IL', zip: '60602' },
      '2023-11-20T19:45:30.000Z',
    ),
    mkUser(
      'b1',
      'biz_b',
      'Sofia',
      'Rossi',
      '6175550111',
      '456789012',
      '1995-03-22',
      { line1: '200 Clarendon St', line2: null, city: 'Boston', state: 'MA', zip: '02116' },
      '2023-08-03T10:00:00.000Z',
    ),
    mkUser(
      'b2',
      'biz_b',
      'Daniel',
      'Kim',
      '2065550199',
      '567890123',
      '1988-11-09',
      { line1: '400 Pine St', line2: 'Unit 7', city: 'Seattle', state: 'WA', zip: '98101' },
      '2023-12-01T12:30:00.000Z',
    ),
  ];
  const [a1, a2, a3, b1, b2] = users;
  const routings = ['021000021', '011401533', '121000248', '026009593', '111000025'];
  const banks = [];
  let seq = 0;
  const t0 = Date.parse('2024-02-01T10:00:00.000Z');
  const mkBank = (key, owner, user, i, status) => {
    seq += 1;
    const rtp = i % 4 !== 1;
    return {
      seq,
      owner,
      id: 'ub_' + hash('bank-' + key),
      user_id: user.id,
      account_number: String(4000000000 + i * 7919331)
        .slice(0, 10)
        .padStart(12, '0'),
      routing_number: routings[i % routings.length],
      account_holder_type: 'individual',
      bank_account_type: 'checking',
      created_at: new Date(t0 + seq * 97 * 60000).toISOString(),
      is_rtp_enabled: rtp,
      is_rtp_rfp_enabled: rtp && i % 3 === 0,
      status,
      verification_status: 'verified',
    };
  };
  const aUsers = [a1, a2, a1, a3, a2, a1, a3, a1, a2, a3];
  for (let i = 0; i < 30; i++) {
    const status = i === 17 ? 'suspended' : i % 7 === 3 ? 'inactive' : 'active';
    banks.push(mkBank('a' + i, 'biz_a', aUsers[i % 10], i, status));
    if (i % 8 === 2) {
      // interleave caller B's banks in time
      const j = (i - 2) / 8; // 0..3
      banks.push(mkBank('b' + j, 'biz_b', j === 2 ? b2 : b1, 100 + j, j === 1 ? 'inactive' : 'active'));
    }
  }
  const rfps = [
    {
      id: 'rfpr_' + hash('rfp-a-a2a', 16),
      owner: 'biz_a',
      use_case: 'account_to_account',
      status: 'rfp_registration_active',
      created_at: '2023-09-01T08:00:00.000Z',
      confirmed_at: '2023-09-02T09:30:00.000Z',
    },
    {
      id: 'rfpr_' + hash('rfp-a-bp', 16),
      owner: 'biz_a',
      use_case: 'bill_pay',
      status: 'rfp_registration_pending',
      created_at: '2024-03-01T16:20:00.000Z',
      confirmed_at: null,
    },
    {
      id: 'rfpr_' + hash('rfp-a-b2b', 16),
      owner: 'biz_a',
      use_case: 'business_to_business',
      status: 'rfp_registration_inactive',
      created_at: '2023-09-01T08:00:05.000Z',
      confirmed_at: '2023-09-03T11:00:00.000Z',
    },
    {
      id: 'rfpr_' + hash('rfp-b-bp', 16),
      owner: 'biz_b',
      use_case: 'bill_pay',
      status: 'rfp_registration_active',
      created_at: '2023-08-03T09:00:00.000Z',
      confirmed_at: '2023-08-04T10:00:00.000Z',
    },
  ];
  return { callers, users, banks, rfps, seq };
}

// ---------------------------------------------------------------- helpers
class HttpError extends Error {
  constructor(status, code, message, headers) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}
const bad = (msg) => new HttpError(400, 'invalid_request', msg);

function sendJson(res, status, obj, headers = {}) {
  const body = JSON.stringify(obj);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(body);
}
const sendError = (res, e) => sendJson(res, e.status, { error: { code: e.code, message: e.message } }, e.headers);

const encodeCursor = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
function decodeCursor(s) {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) return null;
  try {
    const o = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (!o || typeof o !== 'object' || !Number.isSafeInteger(o.a) || o.a < 0) return null;
    if (o.s !== undefined && typeof o.s !== 'string') return null;
    if (o.u !== undefined && typeof o.u !== 'string') return null;
    return o;
  } catch {
    return null;
  }
}

const RFP_STATUS = { rfp_registration_pending: 'pending', rfp_registration_active: 'active', rfp_registration_inactive: 'inactive' };
const RFP_STATUS_MISSING_INACTIVE = { rfp_registration_pending: 'pending', rfp_registration_active: 'active' };

// ---------------------------------------------------------------- server
export async function startServer(options = {}) {
  const faults = { ...(options.faults || {}) };
  for (const k of Object.keys(faults)) if (!FAULTS.includes(k)) throw new Error('unknown fault ' + k);
  const f = (k) => faults[k] === true;

  const db = buildSeed();
  const timers = new Set();
  const shared = { current: null }; // "request context" held at module level (callerModuleState)
  const urlCache = new Map(); // listCacheSharedKey: key -> {at, status, body}
  const userBankCache = new Map(); // userBankCache: key -> {at, items}

  // SQLite-like INTEGER affinity: digit strings become integers (routingNumberIntegerAffinity)
  const storeRouting = (v) => (f('routingNumberIntegerAffinity') && /^\d{1,15}$/.test(v) ? String(Number(v)) : v);
  for (const b of db.banks) b.routing_number = storeRouting(b.routing_number);

  const owns = (row, callerId) => callerId == null || row.owner === callerId; // undefined owner => no scope (ORM drops undefined)

  function delay(ms) {
    return new Promise((resolve) => {
      if (!ms) return setImmediate(resolve);
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });
  }

  function authenticate(req) {
    const h = req.headers.authorization;
    if (typeof h !== 'string') return null;
    if (f('authTokenPrefix')) {
      const [scheme, token = ''] = h.split(' ');
      if (scheme.toLowerCase() !== 'bearer') return null;
      const given = Buffer.from(token);
      for (const c of db.callers) {
        const known = Buffer.from(c.token);
        if (given.length <= known.length && timingSafeEqual(given, known.subarray(0, given.length))) return c;
      }
      return null;
    }
    const m = /^Bearer ([\x21-\x7e]+)$/i.exec(h);
    if (!m) return null;
    const given = Buffer.from(m[1]);
    for (const c of db.callers) {
      const known = Buffer.from(c.token);
      if (given.length === known.length && timingSafeEqual(given, known)) return c;
    }
    return null;
  }

  function resolveRoute(segs) {
    if (f('authTrailingSlashBypass') && segs.length > 1 && segs[segs.length - 1] === '') segs = segs.slice(0, -1); // non-strict routing
    if (segs.length === 1 && segs[0] === 'user_banks') return { name: 'user_banks', allow: ['GET', 'HEAD', 'POST'] };
    if (segs.length === 1 && segs[0] === 'rfp_registrations') return { name: 'rfp', allow: ['GET', 'HEAD'] };
    if (segs.length === 2 && segs[0] === 'users' && segs[1] !== '') return { name: 'user', allow: ['GET', 'HEAD'], userId: segs[1] };
    return null;
  }
  const PROTECTED_RAW = /^\/(user_banks|rfp_registrations|users\/[^/]+)$/;

  // ---- serializers
  function serBank(b) {
    return {
      id: b.id,
      user_id: b.user_id,
      account_number: b.account_number,
      routing_number: b.routing_number,
      account_holder_type: b.account_holder_type,
      bank_account_type: b.bank_account_type,
      created_at: b.created_at,
      is_rtp_enabled: b.is_rtp_enabled,
      is_rtp_rfp_enabled: b.is_rtp_rfp_enabled,
      status: b.status,
      verification_status: b.verification_status,
    };
  }
  function serUser(u) {
    let dob;
    if (f('userDobZeroMonth')) {
      const d = new Date(u.dob + 'T00:00:00Z');
      dob = { date: d.getUTCDate(), month: d.getUTCMonth(), year: d.getUTCFullYear() };
    } else {
      const [y, m, d] = u.dob.split('-').map(Number);
      dob = { date: d, month: m, year: y };
    }
    const address = { line1: u.address.line1, line2: u.address.line2, city: u.address.city, state: u.address.state, zip: u.address.zip };
    return {
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      phone: u.phone,
      ssn: u.ssn,
      date_of_birth: dob,
      address: f('userAddressJsonString') ? JSON.stringify(address) : address,
      created_at: u.created_at,
      status: u.status,
    };
  }
  function serRfp(r) {
    const table = f('rfpInternalStatus') ? RFP_STATUS_MISSING_INACTIVE : RFP_STATUS;
    return {
      id: r.id,
      created_at: f('rfpOmitNullCreatedAt') ? (r.confirmed_at ?? undefined) : r.created_at,
      status: table[r.status] ?? r.status,
      use_case: r.use_case,
    };
  }

  // ---- query parsing
  function readQuery(rawQuery) {
    const sp = new URLSearchParams(rawQuery);
    if (f('repeatedParam500')) {
      // qs-style parser: repeated keys become arrays; sanitizer assumes strings
      const q = {};
      for (const [k, v] of sp) q[k] = k in q ? [].concat(q[k], v) : v;
      const clean = (v) => (v === undefined ? undefined : v.replace(/\u0000/g, ''));
      return { limit: clean(q.limit), cursor: clean(q.cursor), status: clean(q.status), user_id: clean(q.user_id) };
    }
    const g = (k) => (sp.has(k) ? sp.get(k) : undefined);
    return { limit: g('limit'), cursor: g('cursor'), status: g('status'), user_id: g('user_id') };
  }

  // ---- handlers
  function listBanks(callerId, q) {
    let limit = f('defaultLimit20') ? 20 : 100;
    if (q.limit !== undefined) {
      if (!/^\d{1,6}$/.test(q.limit)) throw bad('limit must be an integer from 1 to 100');
      const n = Number(q.limit);
      const max = f('limitMaxExclusive') ? 99 : 100;
      if (n < 1 || n > max) throw bad('limit must be an integer from 1 to 100');
      limit = n;
    }
    let cur = null;
    if (q.cursor !== undefined && q.cursor !== '') {
      cur = decodeCursor(q.cursor);
      if (!cur) throw bad('invalid cursor');
    }
    let status = q.status !== undefined ? q.status : cur?.s;
    let userId = q.user_id !== undefined ? q.user_id : cur?.u;
    if (f('cursorDropsFilters') && cur) {
      status = undefined;
      userId = undefined;
    }
    if (f('combinedFiltersDropStatus') && status !== undefined && userId !== undefined) status = undefined;

    let pool;
    if (f('userFilterDropsOwner') && userId !== undefined) {
      pool = db.banks.filter((b) => b.user_id === userId);
    } else if (f('userBankCacheStale') && userId !== undefined) {
      const key = `${callerId}|user:${userId}`;
      const hit = userBankCache.get(key);
      if (hit && Date.now() - hit.at < 60000) pool = hit.items;
      else {
        pool = db.banks.filter((b) => owns(b, callerId) && b.user_id === userId).map((b) => ({ ...b }));
        userBankCache.set(key, { at: Date.now(), items: pool });
      }
    } else {
      pool = db.banks.filter((b) => owns(b, callerId) && (userId === undefined || b.user_id === userId));
    }
    if (status !== undefined) {
      if (f('statusFilterCollation')) {
        const fold = (s) => s.toLowerCase().replace(/ +$/, '');
        pool = pool.filter((b) => fold(b.status) === fold(status));
      } else pool = pool.filter((b) => b.status === status);
    }
    if (cur) pool = pool.filter((b) => (f('cursorInclusive') ? b.seq >= cur.a : b.seq > cur.a));
    pool = [...pool].sort((x, y) => x.seq - y.seq);
    const page = pool.slice(0, limit);
    const more = pool.length > limit;
    const c = {};
    c.a = page.length ? page[page.length - 1].seq : 0;
    if (status !== undefined) c.s = status;
    if (userId !== undefined) c.u = userId;
    const next = more ? encodeCursor(c) : null;
    return { data: page.map(serBank), next_cursor: f('nextCursorOmitted') && !more ? undefined : next };
  }

  function createBank(callerId, body) {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bad('body must be a JSON object');
    for (const k of ['user_id', 'account_number', 'routing_number']) {
      if (body[k] === undefined) throw bad(`${k} is required`);
      if (typeof body[k] !== 'string' || body[k].length === 0 || body[k].length > 256) throw bad(`${k} must be a non-empty string`);
    }
    for (const k of ['account_holder_type', 'bank_account_type']) {
      if (body[k] !== undefined && (typeof body[k] !== 'string' || body[k].length === 0 || body[k].length > 64))
        throw bad(`${k} must be a non-empty string`);
    }
    const user = db.users.find((u) => u.id === body.user_id && (f('createForeignUser') || owns(u, callerId)));
    if (!user) throw new HttpError(422, 'unknown_user', 'user_id does not name one of your users');
    const now = Date.now();
    const id = f('createIdTimeHash')
      ? 'ub_' + hash(`${body.user_id}:${Math.floor(now / 1000)}`) // "idempotent" id: same user + same second => same id
      : 'ub_' + randomBytes(10).toString('hex');
    db.seq += 1;
    const row = {
      seq: db.seq,
      owner: callerId ?? user.owner,
      id,
      user_id: user.id,
      account_number: body.account_number,
      routing_number: storeRouting(body.routing_number),
      account_holder_type: body.account_holder_type ?? 'individual',
      bank_account_type: body.bank_account_type ?? 'checking',
      created_at: new Date(now).toISOString(),
      is_rtp_enabled: true,
      is_rtp_rfp_enabled: true,
      status: 'active',
      verification_status: 'verified',
    };
    db.banks.push(row);
    urlCache.clear();
    if (f('userBankCacheStale'))
      userBankCache.delete(`${row.owner}|user_id:${row.user_id}`); // wrong key format
    else userBankCache.clear();
    const out = serBank(row);
    if (f('createIdMismatch')) out.id = 'ub_' + randomBytes(10).toString('hex'); // DTO built before the insert assigned the id
    return out;
  }

  async function readBody(req) {
    const ct = req.headers['content-type'];
    if (ct !== undefined) {
      const mt = String(ct).split(';')[0].trim().toLowerCase();
      if (mt !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(mt)) {
        throw new HttpError(415, 'unsupported_media_type', 'Content-Type must be application/json');
      }
    }
    const chunks = [];
    let size = 0;
    await new Promise((resolve, reject) => {
      req.on('data', (ch) => {
        size += ch.length;
        if (size <= 1 << 20) chunks.push(ch);
      });
      req.on('end', resolve);
      req.on('error', reject);
      req.on('close', resolve);
    });
    if (size > 1 << 20) throw new HttpError(413, 'payload_too_large', 'body too large');
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.trim() === '') throw bad('body is required');
    try {
      return JSON.parse(text);
    } catch {
      throw bad('body is not valid JSON');
    }
  }

  async function handle(req, res) {
    const url = req.url || '/';
    const qi = url.indexOf('?');
    const rawPath = qi === -1 ? url : url.slice(0, qi);
    const rawQuery = qi === -1 ? '' : url.slice(qi + 1);
    if (!rawPath.startsWith('/')) throw new HttpError(404, 'not_found', 'no such path');
    let segs;
    try {
      segs = rawPath.slice(1).split('/').map(decodeURIComponent);
    } catch {
      throw bad('malformed path');
    }
    const route = resolveRoute(segs);

    let caller = null;
    if (f('usersOptionalAuth') && route?.name === 'user') {
      caller = authenticate(req); // optionalAuth middleware copied from a public route
    } else if (!f('authTrailingSlashBypass') || PROTECTED_RAW.test(rawPath)) {
      caller = authenticate(req);
      if (!caller) throw new HttpError(401, 'unauthorized', 'missing or invalid bearer token', { 'www-authenticate': 'Bearer' });
    }
    if (!route) throw new HttpError(404, 'not_found', 'no such path');
    if (!route.allow.includes(req.method))
      throw new HttpError(405, 'method_not_allowed', 'method not allowed', { allow: route.allow.join(', ') });

    shared.current = caller;
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    if (req.method !== 'POST') req.resume();
    await delay(f('callerModuleState') ? 40 : 0); // database round trip
    const callerId = (f('callerModuleState') ? shared.current : caller)?.id;

    if (route.name === 'user_banks' && req.method === 'POST') return sendJson(res, 201, createBank(callerId, body));
    if (route.name === 'user_banks') {
      const q = readQuery(rawQuery);
      if (f('listCacheSharedKey')) {
        const hit = urlCache.get(url);
        if (hit && Date.now() - hit.at < 10000) return sendJson(res, 200, hit.body);
        const out = listBanks(callerId, q);
        urlCache.set(url, { at: Date.now(), body: out });
        return sendJson(res, 200, out);
      }
      return sendJson(res, 200, listBanks(callerId, q));
    }
    if (route.name === 'rfp') {
      let rows = db.rfps.filter((r) => owns(r, callerId));
      if (f('rfpJoinDuplicate')) rows = rows.flatMap((r) => (r.use_case === 'bill_pay' ? [r, r] : [r])); // two config versions joined
      return sendJson(res, 200, { data: rows.map(serRfp), next_cursor: null });
    }
    if (route.name === 'user') {
      const u = db.users.find((x) => x.id === route.userId && (f('userLookupAnyTenant') || owns(x, callerId)));
      if (!u) throw new HttpError(404, 'not_found', 'user not found');
      return sendJson(res, 200, serUser(u));
    }
    throw new HttpError(404, 'not_found', 'no such path');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (e instanceof HttpError) {
        sendError(res, e);
        if (!req.complete) req.resume();
        return;
      }
      sendJson(res, 500, { error: { code: 'internal_error', message: 'internal server error' } });
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address();
  const [A, B] = db.callers;
  let closing = null;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokenA: A.token,
    userIdA: db.users[0].id,
    tokenB: B.token,
    userIdB: db.users[3].id,
    close() {
      if (!closing) {
        closing = new Promise((resolve) => {
          for (const t of timers) clearTimeout(t);
          timers.clear();
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      return closing;
    },
  };
}
