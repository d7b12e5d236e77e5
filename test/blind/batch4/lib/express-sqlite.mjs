// Base implementation on Express 5 + sql.js (SQLite). One optional fault switched on by name.
import express from 'express';
import initSqlJs from 'sql.js';
import { timingSafeEqual } from 'node:crypto';
import { buildSeed, parseLimit, encodeCursor, decodeCursor, isoNow, newId } from './seed.mjs';

let sqlModule = null;
const cleanStr = (s) => typeof s === 'string' && !s.includes('\u0000') && s.isWellFormed();
const FIELDS = ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type'];

export async function startExpressSqlite({ fault = null } = {}) {
  const F = (name) => fault === name;
  sqlModule ??= await initSqlJs();
  const db = new sqlModule.Database();
  const seed = buildSeed();

  db.exec(`
    create table businesses (id text primary key, name text not null, token_key text not null unique, token text not null, default_user_id text);
    create table users (
      id text primary key, business_id text not null references businesses(id),
      first_name text not null, last_name text not null, email text not null, phone text not null, ssn text not null,
      dob text not null, line1 text not null, line2 text, city text not null, state text not null, zip text not null,
      created_at text not null, status text not null);
    create table user_banks (
      seq integer primary key autoincrement,
      id text not null ${F('id-second-collision') ? '' : 'unique'},
      business_id text not null, user_id text not null,
      account_number ${F('account-number-numeric-affinity') ? 'numeric' : 'text'} not null,
      routing_number text not null, account_holder_type text not null, bank_account_type text not null,
      created_at text not null default (datetime('now')),
      is_rtp_enabled integer not null, is_rtp_rfp_enabled integer,
      status text not null, verification_status text not null);
    create index user_banks_biz on user_banks (business_id, seq);
    create table rfp_registrations (
      id text primary key, business_id text not null, use_case text not null, status text not null, created_at text,
      unique (business_id, use_case));
  `);

  const run = (sql, params = []) => db.run(sql, params);
  const all = (sql, params = []) => {
    const st = db.prepare(sql);
    try {
      st.bind(params);
      const out = [];
      while (st.step()) out.push(st.getAsObject());
      return out;
    } finally {
      st.free();
    }
  };
  const b01 = (v) => (v ? 1 : 0);

  for (const b of seed.businesses) {
    run('insert into businesses (id, name, token_key, token, default_user_id) values (?,?,?,?,?)', [
      b.id,
      `Business ${b.key}`,
      b.token.slice(4, 12),
      b.token,
      b.users[b.users.length - 1].id,
    ]);
    for (const u of b.users) {
      run(
        `insert into users (id, business_id, first_name, last_name, email, phone, ssn, dob, line1, line2, city, state, zip, created_at, status)
        values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
        [
          u.id,
          u.business_id,
          u.first_name,
          u.last_name,
          u.email,
          u.phone,
          u.ssn,
          u.dob,
          u.line1,
          u.line2,
          u.city,
          u.state,
          u.zip,
          u.created_at,
          u.status,
        ],
      );
    }
    for (const r of b.rfps) {
      // fault: rows migrated from the previous RfP provider never got a created_at
      const created = F('rfp-created-at-null') && r.use_case === 'bill_pay' ? null : r.created_at;
      run('insert into rfp_registrations (id, business_id, use_case, status, created_at) values (?,?,?,?,?)', [
        r.id,
        r.business_id,
        r.use_case,
        r.status,
        created,
      ]);
    }
  }
  for (const k of seed.bankInsertOrder) {
    run(
      `insert into user_banks (id, business_id, user_id, account_number, routing_number, account_holder_type, bank_account_type, created_at, is_rtp_enabled, is_rtp_rfp_enabled, status, verification_status)
      values (?,?,?,?,?,?,?,?,?,?,?,?)`,
      [
        k.id,
        k.business_id,
        k.user_id,
        k.account_number,
        k.routing_number,
        k.account_holder_type,
        k.bank_account_type,
        k.created_at,
        b01(k.is_rtp_enabled),
        b01(k.is_rtp_rfp_enabled),
        k.status,
        k.verification_status,
      ],
    );
  }

  // ---- "model" layer ----
  const toBool = (v) => (v === null || v === undefined ? null : v === 1);
  const toBank = (r) => ({
    id: r.id,
    user_id: r.user_id,
    account_number: r.account_number,
    routing_number: r.routing_number,
    account_holder_type: r.account_holder_type,
    bank_account_type: r.bank_account_type,
    created_at: r.created_at,
    is_rtp_enabled: toBool(r.is_rtp_enabled),
    is_rtp_rfp_enabled: toBool(r.is_rtp_rfp_enabled),
    status: r.status,
    verification_status: r.verification_status,
  });
  const compact = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
  const toUser = (r) => {
    const parts = r.dob.split('-');
    const [year, month, date] = F('dob-string-parts') ? parts : parts.map(Number);
    const address = { line1: r.line1, line2: r.line2, city: r.city, state: r.state, zip: r.zip };
    return {
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone: r.phone,
      ssn: r.ssn,
      date_of_birth: { date, month, year },
      address: F('line2-omitted-when-null') ? compact(address) : address,
      created_at: r.created_at,
      status: r.status,
    };
  };
  const toRfp = (r) => ({ id: r.id, created_at: r.created_at, status: r.status, use_case: r.use_case });

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '100kb' }));

  const fail = (res, code, errCode, message) => res.status(code).json({ error: { code: errCode, message } });

  const authenticate = (req, res, next) => {
    const h = req.get('authorization');
    if (h === undefined && F('auth-missing-header-demo')) {
      // left over from the sandbox "demo mode": no header -> first business
      req.business = all('select * from businesses order by rowid limit 1')[0];
      return next();
    }
    const m = typeof h === 'string' ? /^Bearer ([\x21-\x7e]{1,512})$/i.exec(h) : null;
    if (!m) return fail(res, 401, 'unauthorized', 'missing or malformed Authorization header');
    const token = m[1];
    const rows = all('select * from businesses where token_key = ?', [token.slice(4, 12)]);
    const biz = rows[0];
    let ok = !!biz && token.startsWith('tok_');
    if (ok && !F('auth-token-prefix')) {
      const a = Buffer.from(biz.token);
      const b = Buffer.from(token);
      ok = a.length === b.length && timingSafeEqual(a, b);
    }
    if (!ok) return fail(res, 401, 'unauthorized', 'invalid access token');
    req.business = biz;
    next();
  };

  const createBank = (req, res) => {
    const b = req.body;
    if (b === null || typeof b !== 'object' || Array.isArray(b)) return fail(res, 400, 'invalid_request', 'body must be a JSON object');
    for (const k of FIELDS) {
      if (!cleanStr(b[k]) || b[k].length === 0) return fail(res, 400, 'invalid_request', `${k} must be a non-empty string`);
    }
    let biz = req.business;
    if (F('auth-create-before-middleware') && !biz) {
      // "a bank belongs to its user's business"
      const owner = all('select business_id from users where id = ?', [b.user_id])[0];
      if (!owner) return fail(res, 400, 'invalid_user', 'unknown user');
      biz = { id: owner.business_id };
    }
    const ownsUser = () => all('select id from users where id = ? and business_id = ?', [b.user_id, biz.id]).length > 0;
    if (!F('create-orphan-no-tx') && !ownsUser()) return fail(res, 400, 'invalid_user', 'user_id is not one of your users');

    const id = F('id-second-collision') ? `ub_${b.user_id.slice(-6)}${Math.floor(Date.now() / 1000).toString(36)}` : newId('ub');
    const cols = [
      'id',
      'business_id',
      'user_id',
      'account_number',
      'routing_number',
      'account_holder_type',
      'bank_account_type',
      'is_rtp_enabled',
      'status',
      'verification_status',
    ];
    const userId = F('create-camelcase-user-id') ? (b.userId ?? biz.default_user_id) : b.user_id;
    const vals = [
      id,
      biz.id,
      userId,
      b.account_number,
      b.routing_number,
      b.account_holder_type,
      b.bank_account_type,
      1,
      'active',
      'verified',
    ];
    if (!F('rfp-flag-null-on-create')) {
      cols.push('is_rtp_rfp_enabled');
      vals.push(1);
    }
    if (!F('created-at-sqlite-datetime')) {
      cols.push('created_at');
      vals.push(isoNow());
    }
    run(`insert into user_banks (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`, vals);
    const seq = all('select last_insert_rowid() as seq')[0].seq;
    if (F('create-orphan-no-tx') && !ownsUser()) return fail(res, 400, 'invalid_user', 'user_id is not one of your users');
    const row = all('select * from user_banks where seq = ?', [seq])[0];
    res.status(201).json(toBank(row));
  };

  if (F('auth-create-before-middleware')) app.post('/user_banks', createBank); // write router mounted above auth
  app.use(authenticate);
  if (!F('auth-create-before-middleware')) app.post('/user_banks', createBank);

  app.get('/user_banks', (req, res) => {
    const q = req.query;
    for (const k of ['limit', 'cursor', 'status', 'user_id']) {
      if (Array.isArray(q[k])) return fail(res, 400, 'invalid_request', `${k} given more than once`);
      if (q[k] !== undefined && !cleanStr(q[k])) return fail(res, 400, 'invalid_request', `${k} is not a valid string`);
    }
    let limit;
    if (F('limit-string-compare')) {
      const raw = q.limit ?? '100';
      if (!/^\d+$/.test(raw) || raw < '1' || raw > '100') return fail(res, 400, 'invalid_request', 'limit must be between 1 and 100');
      limit = Number(raw);
    } else if (F('limit-default-25')) {
      const l = parseLimit(q.limit);
      if (!l.ok) return fail(res, 400, 'invalid_request', 'limit must be an integer from 1 to 100');
      limit = q.limit === undefined ? 25 : l.value;
    } else {
      const l = parseLimit(q.limit);
      if (!l.ok) return fail(res, 400, 'invalid_request', 'limit must be an integer from 1 to 100');
      limit = l.value;
    }
    let cur = null;
    if (q.cursor !== undefined) {
      cur = decodeCursor(q.cursor);
      if (!cur || !Number.isSafeInteger(cur.s) || cur.s < 0) return fail(res, 400, 'invalid_request', 'invalid cursor');
    }
    const where = [];
    const params = [];
    if (!(F('cursor-continuation-no-tenant') && cur)) {
      where.push('business_id = ?');
      params.push(req.business.id);
    }
    if (F('user-filter-else-if')) {
      if (q.status !== undefined) {
        where.push('status = ?');
        params.push(q.status);
      } else if (q.user_id !== undefined) {
        where.push('user_id = ?');
        params.push(q.user_id);
      }
    } else {
      if (q.status !== undefined) {
        where.push(F('status-filter-like') ? "status like '%' || ? || '%'" : 'status = ?');
        params.push(q.status);
      }
      if (q.user_id !== undefined) {
        where.push('user_id = ?');
        params.push(q.user_id);
      }
    }
    if (cur) {
      where.push(F('cursor-gte-repeats') ? 'seq >= ?' : 'seq > ?');
      params.push(cur.s);
    }
    params.push(limit + 1);
    const rows = all(`select * from user_banks ${where.length ? 'where ' + where.join(' and ') : ''} order by seq limit ?`, params);
    const page = rows.slice(0, limit);
    let next = null;
    if (rows.length > limit) next = encodeCursor({ s: F('cursor-from-peeked-row') ? rows[limit].seq : page[page.length - 1].seq });
    const data = F('bools-raw-in-list')
      ? page.map((r) => ({ ...toBank(r), is_rtp_enabled: r.is_rtp_enabled, is_rtp_rfp_enabled: r.is_rtp_rfp_enabled }))
      : page.map(toBank);
    res.json({ data, next_cursor: next });
  });

  const rfpCache = new Map();
  app.get('/rfp_registrations', (req, res) => {
    if (F('rfp-cache-by-url') && rfpCache.has(req.originalUrl)) return res.json(rfpCache.get(req.originalUrl));
    const rows = all('select * from rfp_registrations where business_id = ? order by created_at, id', [req.business.id]);
    const body = F('rfp-envelope-no-cursor') ? { data: rows.map(toRfp) } : { data: rows.map(toRfp), next_cursor: null };
    if (F('rfp-cache-by-url')) rfpCache.set(req.originalUrl, body);
    res.json(body);
  });

  app.get('/users/:user_id', (req, res) => {
    const id = req.params.user_id;
    let row;
    if (F('user-sql-concat-500')) {
      const r = db.exec(`select * from users where id = '${id}' and business_id = '${req.business.id}'`);
      row = r.length ? Object.fromEntries(r[0].columns.map((c, i) => [c, r[0].values[0][i]])) : undefined;
    } else {
      if (!cleanStr(id)) return fail(res, 404, 'not_found', 'user not found');
      row = all('select * from users where id = ? and business_id = ?', [id, req.business.id])[0];
    }
    if (F('user-unknown-200-empty')) return res.json(row && toUser(row));
    if (!row) return fail(res, 404, 'not_found', 'user not found');
    res.json(toUser(row));
  });

  app.use((req, res) => fail(res, 404, 'not_found', 'no such route'));
  // eslint-disable-next-line no-unused-vars
  app.use((err, req, res, next) => {
    if (F('malformed-json-500')) return fail(res, 500, 'internal_error', 'something went wrong');
    const sc = err.status ?? err.statusCode;
    if (sc >= 400 && sc < 500) return fail(res, sc, err.type || 'bad_request', err.expose ? err.message : 'bad request');
    return fail(res, 500, 'internal_error', 'internal error');
  });

  const server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokenA: seed.A.token,
    userIdA: seed.A.users[0].id,
    tokenB: seed.B.token,
    userIdB: seed.B.users[0].id,
    close: async () => {
      await new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}
