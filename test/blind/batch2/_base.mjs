// Conformant bank-linking server with optional fault hooks.
// start-up contract: startServer(opts) -> { baseUrl, tokenA, userIdA, tokenB, userIdB, close }
import http from 'node:http';
import crypto from 'node:crypto';

const rid = (p, n = 12) => p + crypto.randomBytes(n).toString('hex');
const iso = (ms) => new Date(ms).toISOString();
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const MAX_BODY = 1024 * 1024;

function seed() {
  const now = Date.now();
  const t0 = now - 40 * 86400e3;
  const tenants = {
    A: { name: 'A', token: 'tokA_' + crypto.randomBytes(24).toString('base64url') },
    B: { name: 'B', token: 'tokB_' + crypto.randomBytes(24).toString('base64url') },
  };
  const users = [
    {
      tenant: 'A',
      id: rid('usr_'),
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada.lovelace@example.com',
      phone: '14155550123',
      ssn: '078051120',
      dob: '1990-01-15',
      address: { line1: '1 Main St', line2: null, city: 'Springfield', state: 'IL', zip: '62701' },
      created_at: iso(t0),
      status: 'active',
    },
    {
      tenant: 'A',
      id: rid('usr_'),
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace.hopper@example.com',
      phone: '12125550188',
      ssn: '219099999',
      dob: '1985-07-04',
      address: { line1: '500 Fifth Ave', line2: 'Apt 4B', city: 'New York', state: 'NY', zip: '10110' },
      created_at: iso(t0 + 3600e3),
      status: 'active',
    },
    {
      tenant: 'B',
      id: rid('usr_'),
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan.turing@example.org',
      phone: '16175550142',
      ssn: '012345678',
      dob: '1979-12-23',
      address: { line1: '77 Mass Ave', line2: null, city: 'Cambridge', state: 'MA', zip: '02139' },
      created_at: iso(t0 + 7200e3),
      status: 'active',
    },
  ];
  const state = { tenants, users, banks: [], rfps: [], seq: 0, counter: 0 };
  const [a1, a2, b1] = users;
  const seedBanks = [
    ['A', a1.id, '000123456789', '021000021', true],
    ['A', a1.id, '987654321', '011000015', false],
    ['A', a2.id, '5550001111', '026009593', true],
    ['A', a1.id, '44443333222211', '121000358', true],
    ['A', a2.id, '0099887766', '031000053', false],
    ['B', b1.id, '1112223334', '071000013', true],
    ['B', b1.id, '0007778889', '091000019', false],
  ];
  seedBanks.forEach(([tenant, user_id, acct, routing, rfp], i) => {
    state.counter++;
    state.banks.push({
      seq: ++state.seq,
      tenant,
      id: rid('ub_'),
      user_id,
      account_number: acct,
      routing_number: routing,
      account_holder_type: 'individual',
      bank_account_type: 'checking',
      created_at: iso(t0 + 86400e3 * (i + 1)),
      is_rtp_enabled: true,
      is_rtp_rfp_enabled: rfp,
      status: 'active',
      verification_status: 'verified',
    });
  });
  const rf = (tenant, use_case, status, d) => ({ tenant, id: rid('rfp_'), created_at: iso(t0 - 86400e3 * d), status, use_case });
  state.rfps.push(
    rf('A', 'account_to_account', 'active', 9),
    rf('A', 'business_to_business', 'pending', 5),
    rf('A', 'bill_pay', 'inactive', 3),
    rf('B', 'bill_pay', 'active', 8),
    rf('B', 'account_to_account', 'pending', 2),
  );
  return state;
}

function send(res, status, obj, extraHeaders = {}) {
  const body = obj === undefined ? '' : JSON.stringify(obj);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...extraHeaders,
  });
  res.end(body);
}
const err = (res, status, code, message, h) => send(res, status, { error: { code, message } }, h);

export function defaultParseLimit(query) {
  if (!query.has('limit')) return { limit: 100 };
  const s = query.get('limit');
  if (!/^[0-9]{1,6}$/.test(s)) return { error: 'limit must be an integer from 1 to 100' };
  const n = Number(s);
  if (n < 1 || n > 100) return { error: 'limit must be an integer from 1 to 100' };
  return { limit: n };
}

export function bankView(b) {
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

export function userView(u) {
  const [y, m, d] = u.dob.split('-').map(Number);
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    phone: u.phone,
    ssn: u.ssn,
    date_of_birth: { date: d, month: m, year: y },
    address: { line1: u.address.line1, line2: u.address.line2, city: u.address.city, state: u.address.state, zip: u.address.zip },
    created_at: u.created_at,
    status: u.status,
  };
}

export const rfpView = (r) => ({ id: r.id, created_at: r.created_at, status: r.status, use_case: r.use_case });

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) tooBig = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve({ tooBig, text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ tooBig: false, text: '', aborted: true }));
  });
}

export async function startServer(opts = {}) {
  const f = opts.faults || {};
  const prefix = opts.prefix || '';
  const state = seed();
  const tokenMap = new Map(Object.values(state.tenants).map((t) => [t.token, t]));
  const cursors = new Map();
  const userCache = new Map(); // fault 04
  let snapshot = f.staleUnfiltered ? { at: Date.now(), banks: state.banks.slice() } : null; // fault 32: materialised view built at boot
  const defaultTenant = state.tenants.A;

  function authenticate(req) {
    const h = req.headers['authorization'];
    if (typeof h !== 'string' || h === '') return null;
    if (f.authSplit) {
      // fault: naive split, crashes when there is no space
      const tok = h.split(' ')[1].trim();
      return tokenMap.get(tok) || null;
    }
    const m = /^Bearer ([A-Za-z0-9._~+\/=-]+)$/i.exec(h);
    if (!m) return null;
    return tokenMap.get(m[1]) || null;
  }

  function issueCursor(t, payload) {
    if (f.jsonCursor) return Buffer.from(JSON.stringify(payload)).toString('base64url');
    const c = 'c1_' + crypto.randomBytes(18).toString('base64url');
    cursors.set(c, { tenant: t.name, ...payload });
    return c;
  }

  function ownBanks(t) {
    return state.banks.filter((b) => b.tenant === t.name);
  }

  function listBanks(t, query, res) {
    for (const k of ['cursor', 'limit', 'status', 'user_id']) {
      if (query.getAll(k).length > 1) return err(res, 400, 'invalid_parameter', `parameter ${k} given more than once`);
    }
    const pl = (f.parseLimit || defaultParseLimit)(query);
    if (pl.error) return err(res, 400, 'invalid_limit', pl.error);
    const limit = pl.limit;
    let items;
    const filtered = query.has('status') || query.has('user_id');
    if (f.staleUnfiltered && !filtered) {
      if (!snapshot || Date.now() - snapshot.at > 60000) snapshot = { at: Date.now(), banks: state.banks.slice() };
      items = snapshot.banks.filter((b) => b.tenant === t.name);
    } else if (f.userFilterCrossTenant && query.has('user_id')) {
      items = state.banks.slice();
    } else items = ownBanks(t);

    const applyFilters = !(f.cursorDropsFilters && query.has('cursor'));
    if (applyFilters) {
      if (f.filterOverwrite) {
        let where = {};
        if (query.has('status')) where = { status: query.get('status') };
        if (query.has('user_id')) where = { user_id: query.get('user_id') };
        items = items.filter((b) => Object.entries(where).every(([k, v]) => b[k] === v));
      } else {
        if (query.has('status')) items = items.filter((b) => b.status === query.get('status'));
        if (query.has('user_id')) items = items.filter((b) => b.user_id === query.get('user_id'));
      }
    }
    if (f.newestFirst) items = items.slice().reverse();

    let baseOffset = 0;
    if (query.has('cursor')) {
      const cur = query.get('cursor');
      if (f.offsetCursor) {
        const c = cursors.get(cur);
        if (!c || c.tenant !== t.name) return err(res, 400, 'invalid_cursor', 'unknown cursor');
        baseOffset = c.offset;
        items = items.slice(c.offset);
      } else if (f.jsonCursor) {
        const c = JSON.parse(Buffer.from(cur, 'base64url').toString('utf8')); // throws on garbage
        items = items.filter((b) => b.seq > c.after);
      } else {
        const c = cursors.get(cur);
        if (!c || c.tenant !== t.name) return err(res, 400, 'invalid_cursor', 'unknown cursor');
        items = items.filter((b) => b.seq > c.after);
      }
      if (f.boundarySkip) items = items.slice(1);
    }
    const page = items.slice(0, limit);
    const hasMore = items.length > page.length;
    let next = null;
    if (hasMore && page.length) {
      next = f.offsetCursor ? issueCursor(t, { offset: baseOffset + page.length }) : issueCursor(t, { after: page[page.length - 1].seq });
    }
    const view = f.bankListView ? (b) => f.bankListView(bankView(b), b) : bankView;
    const nextOut = f.omitNullCursor ? (next ?? undefined) : next;
    return send(res, 200, { data: page.map(view), next_cursor: nextOut });
  }

  async function createBank(t, req, res) {
    const ct = req.headers['content-type'];
    if (ct !== undefined && !/^\s*application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(ct)) {
      await readBody(req);
      return err(res, 415, 'unsupported_media_type', 'Content-Type must be application/json');
    }
    const { tooBig, text } = await readBody(req);
    if (tooBig) return err(res, 413, 'payload_too_large', 'body too large');
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return err(res, 400, 'invalid_json', 'body is not valid JSON');
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      return err(res, 400, 'invalid_body', 'body must be a JSON object');

    if (f.storeBeforeValidate) {
      // fault: ORM insert runs before validation and is never rolled back
      state.banks.push({
        seq: ++state.seq,
        tenant: t.name,
        id: rid('ub_'),
        user_id: body.user_id,
        account_number: body.account_number,
        routing_number: body.routing_number,
        account_holder_type: body.account_holder_type ?? 'individual',
        bank_account_type: body.bank_account_type ?? 'checking',
        created_at: iso(Date.now()),
        is_rtp_enabled: true,
        is_rtp_rfp_enabled: true,
        status: 'active',
        verification_status: 'verified',
      });
    }
    if (f.trimCheck) {
      // fault: optional chaining guards only null/undefined; a number has no trim()
      for (const k of ['user_id', 'account_number', 'routing_number']) {
        if (body[k]?.trim() === '') return err(res, 400, 'invalid_field', `${k} must not be blank`);
      }
    }
    const problems = [];
    for (const k of ['user_id', 'account_number', 'routing_number']) {
      if (!(k in body)) problems.push(`${k} is required`);
      else if (typeof body[k] !== 'string') problems.push(`${k} must be a string`);
      else if (body[k].length === 0) problems.push(`${k} must not be empty`);
      else if (body[k].length > 256) problems.push(`${k} is too long`);
    }
    for (const k of ['account_holder_type', 'bank_account_type']) {
      if (k in body && (typeof body[k] !== 'string' || body[k].length === 0 || body[k].length > 64))
        problems.push(`${k} must be a non-empty string`);
    }
    if (problems.length) return err(res, 400, 'validation_error', problems.join('; '));

    const user = f.globalUserLookup
      ? state.users.find((u) => u.id === body.user_id)
      : state.users.find((u) => u.id === body.user_id && u.tenant === t.name);
    if (!user) return err(res, 404, 'user_not_found', 'no such user');

    let id = rid('ub_');
    if (f.racyCounter) {
      const n = state.counter; // read
      await sleep(25); // simulated DB round trip
      state.counter = n + 1; // write
      id = 'ub_' + String(n + 1).padStart(8, '0');
    }
    let acct = body.account_number,
      routing = body.routing_number;
    if (f.numericAccount && /^[0-9]+$/.test(acct)) acct = String(Number(acct));
    if (f.normaliseRouting) routing = routing.replace(/[\s-]/g, '');
    const rec = {
      seq: ++state.seq,
      tenant: user.tenant === t.name ? t.name : f.globalUserLookup ? user.tenant : t.name,
      id,
      user_id: body.user_id,
      account_number: acct,
      routing_number: routing,
      account_holder_type: body.account_holder_type ?? 'individual',
      bank_account_type: body.bank_account_type ?? 'checking',
      created_at: iso(Date.now()),
      is_rtp_enabled: true,
      is_rtp_rfp_enabled: state.rfps.some((r) => r.tenant === t.name && r.status === 'active'),
      status: 'active',
      verification_status: 'verified',
    };
    if (f.racyCounter) {
      const i = state.banks.findIndex((b) => b.id === id);
      if (i >= 0) {
        rec.seq = state.banks[i].seq;
        state.banks[i] = rec;
      } else state.banks.push(rec); // upsert
    } else state.banks.push(rec);
    let out = bankView(rec);
    if (f.echoRequest) out = { ...out, account_number: body.account_number, routing_number: body.routing_number };
    return send(res, 201, out, { Location: `${prefix}/user_banks/${encodeURIComponent(id)}` });
  }

  function getUser(t, rawParam, req, res) {
    let id;
    if (f.unsafeDecode) id = decodeURIComponent(rawParam);
    else {
      try {
        id = decodeURIComponent(rawParam);
      } catch {
        return err(res, 400, 'invalid_path', 'malformed percent-encoding');
      }
    }
    const u = f.globalUserGet ? state.users.find((x) => x.id === id) : state.users.find((x) => x.id === id && x.tenant === t.name);
    if (!u) return err(res, 404, 'not_found', 'no such user');
    const body = f.userView ? f.userView(userView(u), u) : userView(u);
    if (f.userCache) userCache.set(req.url, { at: Date.now(), body });
    return send(res, 200, body);
  }

  function listRfps(t, res) {
    let rows = f.rfpAllTenants ? state.rfps.slice() : state.rfps.filter((r) => r.tenant === t.name);
    if (f.rfpJoinUsers) {
      // fault: JOIN users ON users.tenant = rfp.tenant without DISTINCT
      const out = [];
      for (const r of rows) for (const u of state.users) if (u.tenant === r.tenant) out.push(r);
      rows = out;
    }
    let next = null;
    if (f.rfpPageSize && rows.length > f.rfpPageSize) {
      rows = rows.slice(0, f.rfpPageSize);
      next = 'c1_' + crypto.randomBytes(12).toString('base64url');
    }
    const view = f.rfpView ? (r) => f.rfpView(rfpView(r), r) : rfpView;
    return send(res, 200, { data: rows.map(view), next_cursor: next });
  }

  async function handle(req, res) {
    const rawUrl = req.url || '/';
    const qi = rawUrl.indexOf('?');
    let path = qi >= 0 ? rawUrl.slice(0, qi) : rawUrl;
    const query = new URLSearchParams(qi >= 0 ? rawUrl.slice(qi + 1) : '');
    if (prefix) {
      if (path === prefix || path.startsWith(prefix + '/')) path = path.slice(prefix.length) || '/';
      else return err(res, 404, 'not_found', 'no such route');
    }
    const exactRoute = (p) => {
      if (p === '/user_banks') return { route: 'banks' };
      if (p === '/rfp_registrations') return { route: 'rfp' };
      const m = /^\/users\/([^/]+)$/.exec(p);
      if (m) return { route: 'user', param: m[1] };
      return null;
    };
    let r = exactRoute(path);
    let viaLenient = false;
    if (!r && f.lenientRouting) {
      // fault: router is case-insensitive and ignores trailing slashes (strict: false)
      r = exactRoute(path.replace(/\/+$/, '').replace(/^\/(user_banks|rfp_registrations|users)/i, (s) => s.toLowerCase()));
      viaLenient = !!r;
    }

    // fault 04: shared response cache in front of the app, keyed by URL only
    if (f.userCache && req.method === 'GET' && r && r.route === 'user') {
      const hit = userCache.get(req.url);
      if (hit && Date.now() - hit.at < 30000) return send(res, 200, hit.body, { 'X-Cache': 'HIT' });
    }

    let t = null;
    if (f.headSkipsAuth && req.method === 'HEAD')
      t = defaultTenant; // fault 05
    else if (viaLenient)
      t = authenticate(req) || defaultTenant; // fault 06: auth middleware bound to exact paths
    else if (f.rfpBeforeAuth && r && r.route === 'rfp' && req.method === 'GET')
      t = authenticate(req) || defaultTenant; // fault 30
    else {
      t = authenticate(req);
      if (!t) return err(res, 401, 'unauthorized', 'missing or invalid bearer token', { 'WWW-Authenticate': 'Bearer' });
    }

    if (!r) return err(res, 404, 'not_found', 'no such route');
    const m = req.method === 'HEAD' ? 'GET' : req.method;
    if (r.route === 'banks') {
      if (m === 'GET') return listBanks(t, query, res);
      if (m === 'POST') return createBank(t, req, res);
      return err(res, 405, 'method_not_allowed', 'method not allowed', { Allow: 'GET, HEAD, POST' });
    }
    if (m !== 'GET') return err(res, 405, 'method_not_allowed', 'method not allowed', { Allow: 'GET, HEAD' });
    if (r.route === 'rfp') return listRfps(t, res);
    return getUser(t, r.param, req, res);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent) err(res, 500, 'internal_error', String(e && e.message));
      else res.destroy();
    });
  });
  server.on('clientError', (e, socket) => {
    try {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    } catch {}
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const [ua] = state.users;
  const ub = state.users.find((u) => u.tenant === 'B');
  return {
    baseUrl: `http://127.0.0.1:${port}${prefix}`,
    tokenA: state.tenants.A.token,
    userIdA: ua.id,
    tokenB: state.tenants.B.token,
    userIdB: ub.id,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
