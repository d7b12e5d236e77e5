// Conformant implementation of the bank-linking API, written as a small
// "framework" whose pieces (auth, routing, query parsing, body parsing,
// cursors, serialisers, handlers) can each be replaced by a faulty server.
import http from 'node:http';
import crypto from 'node:crypto';

export class HttpError extends Error {
  constructor(status, code, message, headers) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers || {};
  }
}

const hex = (n) => crypto.randomBytes(n).toString('hex');
export const newId = (prefix) => `${prefix}_${hex(10)}`;

// ---------------------------------------------------------------- seed data
export function seed() {
  const t0 = Date.parse('2024-01-15T09:30:00.000Z');
  const at = (minutes) => new Date(t0 + minutes * 60000);
  const tenants = [
    { id: 'ten_A', name: 'Acme Payroll', token: 'tokA_' + hex(24) },
    { id: 'ten_B', name: 'Bolt Rentals', token: 'tokB_' + hex(24) },
  ];
  const users = new Map();
  const mkUser = (tenant, u, minute) => {
    const user = { id: newId('usr'), tenant, status: 'active', created_at: at(minute), ...u };
    users.set(user.id, user);
    return user;
  };
  const userA = mkUser(
    'ten_A',
    {
      first_name: 'Ana',
      last_name: 'Ortega',
      email: 'ana.ortega@example.com',
      phone: '4155550100',
      ssn: '012345678',
      dob: '1988-01-09',
      address: { line1: '1 Market St', line2: null, city: 'San Francisco', state: 'CA', zip: '94105' },
    },
    0,
  );
  const userA2 = mkUser(
    'ten_A',
    {
      first_name: 'Ben',
      last_name: 'Ng',
      email: 'ben.ng@example.com',
      phone: '4155550101',
      ssn: '023456789',
      dob: '1991-11-23',
      address: { line1: '500 Howard St', line2: 'Suite 300', city: 'San Francisco', state: 'CA', zip: '94105' },
    },
    1,
  );
  const userB = mkUser(
    'ten_B',
    {
      first_name: 'Chloe',
      last_name: 'Baker',
      email: 'chloe.baker@example.org',
      phone: '2125550199',
      ssn: '034567890',
      dob: '1979-06-30',
      address: { line1: '20 W 34th St', line2: 'Floor 5', city: 'New York', state: 'NY', zip: '10001' },
    },
    2,
  );

  let seq = 0;
  const banks = [];
  const mkBank = (tenant, user_id, account_number, routing_number, minute, extra = {}) => {
    const b = {
      seq: ++seq,
      id: newId('ubk'),
      tenant,
      user_id,
      account_number,
      routing_number,
      account_holder_type: 'individual',
      bank_account_type: 'checking',
      created_at: at(minute),
      is_rtp_enabled: true,
      is_rtp_rfp_enabled: true,
      status: 'active',
      verification_status: 'verified',
      ...extra,
    };
    banks.push(b);
    return b;
  };
  mkBank('ten_A', userA.id, '000123456789', '021000021', 10);
  mkBank('ten_A', userA2.id, '4400012345', '011000015', 11, { is_rtp_rfp_enabled: false });
  mkBank('ten_A', userA2.id, '4400067890', '026009593', 12);
  mkBank('ten_B', userB.id, '009988776655', '021000089', 13);
  mkBank('ten_B', userB.id, '1234509876', '071000013', 14, { is_rtp_enabled: false, is_rtp_rfp_enabled: false });

  const rfps = [];
  const mkRfp = (tenant, use_case, status, minute, extra = {}) => {
    const r = { id: newId('rfp'), tenant, use_case, status: 'rfp_registration_' + status, created_at: at(minute), ...extra };
    rfps.push(r);
    return r;
  };
  mkRfp('ten_A', 'account_to_account', 'active', -300);
  mkRfp('ten_A', 'business_to_business', 'pending', -200);
  mkRfp('ten_A', 'bill_pay', 'inactive', -100);
  mkRfp('ten_B', 'bill_pay', 'active', -250);
  mkRfp('ten_B', 'account_to_account', 'pending', -150);

  return {
    tenants,
    users,
    banks,
    rfps,
    userA,
    userA2,
    userB,
    nextSeq: () => ++seq,
    cursorKey: crypto.randomBytes(32),
  };
}

// ---------------------------------------------------------------- helpers
export const isStr = (v) => typeof v === 'string';
export const iso = (d) => (d instanceof Date ? d.toISOString() : d);

export function sendJson(res, status, body, headers = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function readRaw(req, max = 1 << 20) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > max) {
        reject(new HttpError(413, 'payload_too_large', 'request body too large'));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const RFP_STATUS = {
  rfp_registration_pending: 'pending',
  rfp_registration_active: 'active',
  rfp_registration_inactive: 'inactive',
};

// ---------------------------------------------------------------- default app
export const defaults = {
  // ---- auth
  authenticate(req, state) {
    const h = req.headers['authorization'];
    if (typeof h !== 'string' || h === '') return null;
    const m = /^Bearer ([A-Za-z0-9._~+\/=-]+)$/.exec(h);
    if (!m) return null;
    const given = crypto.createHash('sha256').update(m[1]).digest();
    for (const t of state.tenants) {
      const want = crypto.createHash('sha256').update(t.token).digest();
      if (crypto.timingSafeEqual(given, want)) return t;
    }
    return null;
  },
  isProtected(/* req, rawPath */) {
    return true;
  },
  // ---- routing
  normalizePath(p) {
    return p;
  },
  decodeSegment(s) {
    try {
      return decodeURIComponent(s);
    } catch {
      throw new HttpError(400, 'bad_path', 'malformed percent-encoding in path');
    }
  },
  route(method, path, app) {
    const m = method === 'HEAD' ? 'GET' : method;
    let name = null;
    let params = {};
    let allow = null;
    if (path === '/user_banks') {
      allow = ['GET', 'HEAD', 'POST'];
      name = m === 'GET' ? 'listBanks' : m === 'POST' ? 'createBank' : null;
    } else if (path === '/rfp_registrations') {
      allow = ['GET', 'HEAD'];
      name = m === 'GET' ? 'listRfp' : null;
    } else {
      const mm = /^\/users\/([^/]+)$/.exec(path);
      if (mm) {
        allow = ['GET', 'HEAD'];
        params = { user_id: app.decodeSegment(mm[1]) };
        name = m === 'GET' ? 'getUser' : null;
      }
    }
    if (!allow) throw new HttpError(404, 'not_found', 'no such resource');
    if (!name) throw new HttpError(405, 'method_not_allowed', `method ${method} not allowed`, { allow: allow.join(', ') });
    return { name, params };
  },
  // ---- query
  parseQuery(url) {
    const q = Object.create(null);
    for (const [k, v] of url.searchParams) {
      if (k in q) throw new HttpError(400, 'duplicate_parameter', `query parameter ${k} given more than once`);
      q[k] = v;
    }
    return q;
  },
  parseLimit(raw) {
    if (raw === undefined) return 100;
    if (!/^[0-9]{1,3}$/.test(raw)) throw new HttpError(400, 'invalid_limit', 'limit must be an integer from 1 to 100');
    const n = Number(raw);
    if (n < 1 || n > 100) throw new HttpError(400, 'invalid_limit', 'limit must be an integer from 1 to 100');
    return n;
  },
  // ---- cursors: opaque, signed, bound to caller
  encodeCursor(bank, ctx) {
    const payload = Buffer.from(JSON.stringify({ t: ctx.caller.id, s: bank.seq })).toString('base64url');
    const sig = crypto.createHmac('sha256', ctx.state.cursorKey).update(payload).digest('base64url').slice(0, 22);
    return `${payload}.${sig}`;
  },
  decodeCursor(raw, ctx) {
    const bad = () => new HttpError(400, 'invalid_cursor', 'cursor is not valid');
    if (typeof raw !== 'string') throw bad();
    const parts = raw.split('.');
    if (parts.length !== 2) throw bad();
    const sig = crypto.createHmac('sha256', ctx.state.cursorKey).update(parts[0]).digest('base64url').slice(0, 22);
    const a = Buffer.from(sig);
    const b = Buffer.from(parts[1]);
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw bad();
    let obj;
    try {
      obj = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    } catch {
      throw bad();
    }
    if (!obj || obj.t !== ctx.caller.id || !Number.isInteger(obj.s)) throw bad();
    return { seq: obj.s, tenant: obj.t };
  },
  // ---- body
  async readJson(req) {
    const ct = String(req.headers['content-type'] || '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const raw = await readRaw(req);
    if (ct !== 'application/json' && !/^application\/[a-z0-9.+-]*\+json$/.test(ct)) {
      throw new HttpError(415, 'unsupported_media_type', 'Content-Type must be application/json');
    }
    try {
      return JSON.parse(raw);
    } catch {
      throw new HttpError(400, 'invalid_json', 'request body is not valid JSON');
    }
  },
  // ---- serialisers
  bankView(b /* , view */) {
    return {
      id: b.id,
      user_id: b.user_id,
      account_number: b.account_number,
      routing_number: b.routing_number,
      account_holder_type: b.account_holder_type,
      bank_account_type: b.bank_account_type,
      created_at: iso(b.created_at),
      is_rtp_enabled: b.is_rtp_enabled,
      is_rtp_rfp_enabled: b.is_rtp_rfp_enabled,
      status: b.status,
      verification_status: b.verification_status,
    };
  },
  userView(u) {
    const [y, m, d] = u.dob.split('-').map(Number);
    return {
      id: u.id,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      phone: u.phone,
      ssn: u.ssn,
      date_of_birth: { date: d, month: m, year: y },
      address: { line1: u.address.line1, line2: u.address.line2 ?? null, city: u.address.city, state: u.address.state, zip: u.address.zip },
      created_at: iso(u.created_at),
      status: u.status,
    };
  },
  rfpStatus(internal) {
    return RFP_STATUS[internal];
  },
  rfpView(r, app) {
    return { id: r.id, created_at: iso(r.created_at), status: app.rfpStatus(r.status), use_case: r.use_case };
  },
  // ---- data access
  scopeBanks(ctx) {
    return ctx.state.banks.filter((b) => b.tenant === ctx.caller.id).sort((a, b) => a.seq - b.seq);
  },
  applyFilters(rows, q /* , ctx */) {
    let out = rows;
    if (q.status !== undefined) out = out.filter((b) => b.status === q.status);
    if (q.user_id !== undefined) out = out.filter((b) => b.user_id === q.user_id);
    return out;
  },
  findOwnUser(ctx, id) {
    const u = ctx.state.users.get(id);
    return u && u.tenant === ctx.caller.id ? u : null;
  },
  validateCreate(body, ctx) {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(400, 'invalid_body', 'request body must be a JSON object');
    }
    for (const f of ['user_id', 'account_number', 'routing_number']) {
      if (body[f] === undefined || body[f] === null) throw new HttpError(400, 'missing_field', `${f} is required`);
      if (!isStr(body[f])) throw new HttpError(400, 'invalid_field', `${f} must be a string`);
      if (body[f] === '') throw new HttpError(400, 'invalid_field', `${f} must not be empty`);
    }
    for (const f of ['account_holder_type', 'bank_account_type']) {
      if (body[f] !== undefined && !isStr(body[f])) throw new HttpError(400, 'invalid_field', `${f} must be a string`);
    }
    const user = ctx.app.findOwnUser(ctx, body.user_id);
    if (!user) throw new HttpError(422, 'unknown_user', 'user_id does not name one of your users');
    return user;
  },
  storeBank(body, ctx) {
    const b = {
      seq: ctx.state.nextSeq(),
      id: newId('ubk'),
      tenant: ctx.caller.id,
      user_id: body.user_id,
      account_number: body.account_number,
      routing_number: body.routing_number,
      account_holder_type: body.account_holder_type ?? 'individual',
      bank_account_type: body.bank_account_type ?? 'checking',
      created_at: new Date(),
      is_rtp_enabled: true,
      is_rtp_rfp_enabled: false,
      status: 'active',
      verification_status: 'verified',
    };
    ctx.state.banks.push(b);
    return b;
  },
  // ---- handlers
  async createBank(ctx) {
    const { app } = ctx;
    const body = await app.readJson(ctx.req);
    app.validateCreate(body, ctx);
    const b = app.storeBank(body, ctx);
    return { status: 201, body: app.bankView(b, 'create') };
  },
  listBanks(ctx) {
    const { app, query } = ctx;
    const limit = app.parseLimit(query.limit);
    const after = query.cursor !== undefined ? app.decodeCursor(query.cursor, ctx) : null;
    let rows = app.applyFilters(app.scopeBanks(ctx), query, ctx);
    if (after) rows = rows.filter((b) => b.seq > after.seq);
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? app.encodeCursor(page[page.length - 1], ctx) : null;
    return { status: 200, body: { data: page.map((b) => app.bankView(b, 'list')), next_cursor: next } };
  },
  listRfp(ctx) {
    const { app } = ctx;
    const rows = ctx.state.rfps.filter((r) => r.tenant === ctx.caller.id);
    return { status: 200, body: { data: rows.map((r) => app.rfpView(r, app)), next_cursor: null } };
  },
  getUser(ctx) {
    const u = ctx.app.findOwnUser(ctx, ctx.params.user_id);
    if (!u) throw new HttpError(404, 'not_found', 'user not found');
    return { status: 200, body: ctx.app.userView(u) };
  },
  // ---- error mapping
  onError(err, res) {
    if (err instanceof HttpError) {
      sendJson(res, err.status, { error: { code: err.code, message: err.message } }, err.headers);
    } else {
      sendJson(res, 500, { error: { code: 'internal_error', message: 'internal server error' } });
    }
  },
  // ---- main pipeline
  async handle(req, res, app, state) {
    const url = new URL(req.url, 'http://localhost');
    const rawPath = url.pathname;
    const ctx = { req, res, url, app, state, caller: null, params: {}, query: null };
    if (app.isProtected(req, rawPath)) {
      ctx.caller = app.authenticate(req, state);
      if (!ctx.caller) throw new HttpError(401, 'unauthorized', 'missing or invalid bearer token', { 'www-authenticate': 'Bearer' });
    } else {
      ctx.caller = app.authenticate(req, state);
    }
    ctx.path = app.normalizePath(rawPath);
    const { name, params } = app.route(req.method, ctx.path, app);
    ctx.params = params;
    ctx.query = app.parseQuery(url);
    return app[name](ctx);
  },
};

// ---------------------------------------------------------------- start
export function makeStart(overrides = {}, seedHook) {
  return async function start() {
    const state = seed();
    if (seedHook) seedHook(state);
    const app = { ...defaults, ...overrides };
    const server = http.createServer(async (req, res) => {
      try {
        const out = await app.handle(req, res, app, state);
        if (!res.headersSent) sendJson(res, out.status, out.body, out.headers);
      } catch (err) {
        if (!res.headersSent) app.onError(err, res);
        else res.destroy();
      }
    });
    server.keepAliveTimeout = 1000;
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    const [A, B] = state.tenants;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      tokenA: A.token,
      userIdA: state.userA.id,
      tokenB: B.token,
      userIdB: state.userB.id,
      close: () =>
        new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  };
}
