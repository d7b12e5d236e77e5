// Base implementation on Fastify 5 + PGlite (Postgres). One optional fault switched on by name.
import Fastify from 'fastify';
import { appendFile } from 'node:fs/promises';
import { devNull } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { buildSeed, USE_CASE_INTERNAL, RFP_STATUS_INTERNAL, parseLimit, encodeCursor, decodeCursor, isoNow, newId } from './seed.mjs';

const invert = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [v, k]));
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const USER_COLS = 'id, first_name, last_name, email, phone, ssn, line1, line2, city, state, zip, status';
const cleanStr = (s) => typeof s === 'string' && !s.includes('\u0000') && s.isWellFormed();

export async function startFastifyPg({ fault = null } = {}) {
  const F = (name) => fault === name;
  const seed = buildSeed();
  const db = new PGlite();
  await db.exec(`
    create table businesses (id text primary key, name text not null, token text not null unique);
    create table users (
      id text primary key, business_id text not null references businesses(id),
      first_name text not null, last_name text not null, email text not null, phone text not null, ssn text not null,
      dob date not null, line1 text not null, line2 text, city text not null, state text not null, zip text not null,
      created_at timestamptz not null, status text not null);
    create table user_banks (
      id text primary key, business_id text not null references businesses(id), user_id text not null references users(id),
      account_number ${F('varchar-account-500') ? 'varchar(17)' : 'text'} not null,
      routing_number ${F('routing-number-integer') ? 'integer' : 'text'} not null,
      account_holder_type text not null, bank_account_type text not null,
      created_at timestamptz not null default now(),
      is_rtp_enabled boolean not null, is_rtp_rfp_enabled boolean not null,
      status text not null, verification_status text not null);
    create index user_banks_page on user_banks (business_id, created_at, id);
    create table rfp_registrations (
      id text primary key, business_id text not null references businesses(id),
      use_case text not null, status text not null, created_at timestamptz not null, unique (business_id, use_case));
    create table rfp_registration_events (id serial primary key, rfp_id text not null references rfp_registrations(id), status text not null, at timestamptz not null);
  `);
  for (const b of seed.businesses) {
    await db.query('insert into businesses (id, name, token) values ($1,$2,$3)', [b.id, `Business ${b.key}`, b.token]);
    for (const u of b.users) {
      await db.query(
        `insert into users (id, business_id, first_name, last_name, email, phone, ssn, dob, line1, line2, city, state, zip, created_at, status)
        values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)`,
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
      await db.query('insert into rfp_registrations (id, business_id, use_case, status, created_at) values ($1,$2,$3,$4,$5)', [
        r.id,
        r.business_id,
        USE_CASE_INTERNAL[r.use_case],
        RFP_STATUS_INTERNAL[r.status],
        r.created_at,
      ]);
    }
  }
  for (const k of seed.bankInsertOrder) {
    await db.query(
      `insert into user_banks (id, business_id, user_id, account_number, routing_number, account_holder_type, bank_account_type, created_at, is_rtp_enabled, is_rtp_rfp_enabled, status, verification_status)
      values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
      [
        k.id,
        k.business_id,
        k.user_id,
        k.account_number,
        k.routing_number,
        k.account_holder_type,
        k.bank_account_type,
        k.created_at,
        k.is_rtp_enabled,
        k.is_rtp_rfp_enabled,
        k.status,
        k.verification_status,
      ],
    );
  }
  for (const e of seed.events) {
    await db.query('insert into rfp_registration_events (rfp_id, status, at) values ($1,$2,$3)', [
      e.rfp_id,
      RFP_STATUS_INTERNAL[e.status],
      e.at,
    ]);
  }

  const USE_CASE_PUBLIC = invert(USE_CASE_INTERNAL);
  if (F('rfp-internal-use-case')) delete USE_CASE_PUBLIC[USE_CASE_INTERNAL.bill_pay]; // map written before bill_pay existed
  const RFP_STATUS_PUBLIC = invert(RFP_STATUS_INTERNAL);

  // ---- row mappers ----
  const toBank = (r) => ({
    id: r.id,
    user_id: r.user_id,
    account_number: r.account_number,
    routing_number: r.routing_number,
    account_holder_type: r.account_holder_type,
    bank_account_type: r.bank_account_type,
    created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
    is_rtp_enabled: r.is_rtp_enabled,
    is_rtp_rfp_enabled: r.is_rtp_rfp_enabled,
    status: r.status,
    verification_status: r.verification_status,
  });
  const toUser = (r) => {
    let dob;
    if (F('dob-month-zero-based')) {
      const d = new Date(`${r.dob}T00:00:00Z`);
      dob = { date: d.getUTCDate(), month: d.getUTCMonth(), year: d.getUTCFullYear() };
    } else {
      const [year, month, date] = r.dob.split('-').map(Number);
      dob = { date, month, year };
    }
    return {
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone: r.phone,
      ssn: r.ssn,
      date_of_birth: dob,
      address: { line1: r.line1, line2: r.line2, city: r.city, state: r.state, zip: r.zip },
      created_at: r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at,
      status: r.status,
    };
  };
  const toRfp = (r) => ({
    id: r.id,
    created_at: r.created_at.toISOString(),
    status: RFP_STATUS_PUBLIC[r.status] ?? r.status,
    use_case: USE_CASE_PUBLIC[r.use_case] ?? r.use_case,
  });

  // ---- response schemas (fast-json-stringify) ----
  const S = { type: 'string' };
  const bankProps = {
    id: S,
    user_id: S,
    account_number: S,
    routing_number: S,
    account_holder_type: S,
    bank_account_type: S,
    created_at: S,
    is_rtp_enabled: { type: 'boolean' },
    is_rtp_rfp_enabled: { type: 'boolean' },
    status: S,
    verification_status: S,
  };
  if (F('schema-drops-rfp-flag')) delete bankProps.is_rtp_rfp_enabled; // column added later, schema not updated
  const bankSchema = { type: 'object', properties: bankProps };
  const cursorSchema = F('next-cursor-empty-string') ? { type: 'string' } : { type: ['string', 'null'] };
  const listOf = (items) => ({ type: 'object', properties: { data: { type: 'array', items }, next_cursor: cursorSchema } });
  const userSchema = {
    type: 'object',
    properties: {
      id: S,
      first_name: S,
      last_name: S,
      email: S,
      phone: S,
      ssn: S,
      date_of_birth: { type: 'object', properties: { date: { type: 'integer' }, month: { type: 'integer' }, year: { type: 'integer' } } },
      address: { type: 'object', properties: { line1: S, line2: { type: ['string', 'null'] }, city: S, state: S, zip: S } },
      created_at: S,
      status: S,
    },
  };
  const rfpSchema = { type: 'object', properties: { id: S, created_at: S, status: S, use_case: S } };
  const createBodySchema = {
    type: 'object',
    required: ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type'],
    properties: {
      user_id: { type: 'string', minLength: 1 },
      account_number: { type: 'string', minLength: 1 },
      routing_number: { type: 'string', minLength: 1 },
      account_holder_type: { type: 'string', minLength: 1 },
      bank_account_type: { type: 'string', minLength: 1 },
    },
  };

  const app = Fastify({
    logger: false,
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  app.decorateRequest('business', null);

  const err = (reply, code, errCode, message) => reply.code(code).send({ error: { code: errCode, message } });

  app.setErrorHandler((e, request, reply) => {
    if (e.validation) return err(reply, 400, 'invalid_request', e.message);
    const sc = e.statusCode && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
    return err(reply, sc, sc === 500 ? 'internal_error' : e.code || 'bad_request', sc === 500 ? 'internal error' : e.message);
  });
  app.setNotFoundHandler((request, reply) => err(reply, 404, 'not_found', 'no such route'));

  // fault: micro-cache for hot user lookups, registered at root, so it runs before the auth scope's hook
  const userCache = new Map();
  if (F('users-cache-before-auth')) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'GET' && request.url.startsWith('/users/') && userCache.has(request.url)) {
        return reply.code(200).header('x-cache', 'HIT').send(userCache.get(request.url));
      }
    });
  }

  const authenticate = async (request, reply) => {
    const h = request.headers.authorization;
    const m = typeof h === 'string' ? /^Bearer ([\x21-\x7e]{1,512})$/i.exec(h) : null;
    if (!m) return err(reply, 401, 'unauthorized', 'missing or malformed Authorization header');
    const { rows } = await db.query('select id from businesses where token = $1', [m[1]]);
    if (!rows.length) return err(reply, 401, 'unauthorized', 'invalid access token');
    request.business = rows[0];
    if (F('session-tenant-race')) {
      // "RLS style": tenant pushed into the (single, shared) session
      await db.query("select set_config('app.business_id', $1, false)", [rows[0].id]);
    }
  };
  const bizParam = (request) => (F('session-tenant-race') ? "current_setting('app.business_id')" : null);

  const listRfps = async (request) => {
    const biz = request.business?.id ?? null;
    const tenant = bizParam(request) ?? '$1';
    const params = bizParam(request) ? [] : [biz];
    const sql = F('rfp-history-join')
      ? `select r.id, r.use_case, e.status, r.created_at from rfp_registrations r
           join rfp_registration_events e on e.rfp_id = r.id where r.business_id = ${tenant} order by r.created_at, r.id`
      : `select id, use_case, status, created_at from rfp_registrations where business_id = ${tenant} order by created_at, id`;
    const { rows } = await db.query(sql, params);
    return { data: rows.map(toRfp), next_cursor: null };
  };

  if (F('auth-rfp-outside-scope')) {
    // registered by the "registrations" team at root level, outside the authenticated plugin
    app.get('/rfp_registrations', { schema: { response: { 200: listOf(rfpSchema) } } }, listRfps);
  }

  const listCache = new Map();

  await app.register(async (api) => {
    api.addHook('onRequest', authenticate);
    // access audit trail (who read what); goes to AUDIT_LOG, /dev/null unless configured
    api.addHook('preHandler', async (request) => {
      await appendFile(
        process.env.AUDIT_LOG || devNull,
        `${new Date().toISOString()} ${request.business?.id} ${request.method} ${request.url}\n`,
      );
    });

    if (!F('auth-rfp-outside-scope')) {
      api.get('/rfp_registrations', { schema: { response: { 200: listOf(rfpSchema) } } }, listRfps);
    }

    api.get('/users/:user_id', { schema: { response: { 200: userSchema } } }, async (request, reply) => {
      const id = request.params.user_id;
      if (!cleanStr(id)) return err(reply, 404, 'not_found', 'user not found');
      const createdCol = F('user-created-at-epoch')
        ? 'floor(extract(epoch from created_at) * 1000)::float8 as created_at' // "mobile app wants epoch millis"
        : 'created_at';
      const sql = F('user-no-tenant')
        ? `select ${USER_COLS}, dob::text as dob, ${createdCol} from users where id = $1`
        : `select ${USER_COLS}, dob::text as dob, ${createdCol} from users where id = $1 and business_id = $2`;
      const { rows } = await db.query(sql, F('user-no-tenant') ? [id] : [id, request.business.id]);
      if (!rows.length) return err(reply, 404, 'not_found', 'user not found');
      const user = toUser(rows[0]);
      if (F('users-cache-before-auth')) userCache.set(request.url, user);
      return user;
    });

    api.get('/user_banks', { schema: { response: { 200: listOf(bankSchema) } } }, async (request, reply) => {
      const q = request.query || {};
      for (const k of ['limit', 'cursor', 'status', 'user_id']) {
        if (Array.isArray(q[k])) return err(reply, 400, 'invalid_request', `${k} given more than once`);
        if (q[k] !== undefined && !cleanStr(q[k])) return err(reply, 400, 'invalid_request', `${k} is not a valid string`);
      }
      const cacheKey = `${request.business.id}|${request.url}`;
      if (F('list-cache-stale') && listCache.has(cacheKey)) return listCache.get(cacheKey);

      let limit;
      if (F('limit-max-50')) {
        // shared pagination plugin default
        const n = q.limit === undefined ? 50 : Number(q.limit);
        if (!Number.isInteger(n) || n < 1 || n > 50) return err(reply, 400, 'invalid_request', 'limit must be between 1 and 50');
        limit = q.limit === undefined ? 100 : n;
      } else {
        const l = parseLimit(q.limit);
        if (!l.ok) return err(reply, 400, 'invalid_request', 'limit must be an integer from 1 to 100');
        limit = l.value;
      }
      let cur = null;
      if (q.cursor !== undefined) {
        cur = decodeCursor(q.cursor);
        const tOk = F('cursor-epoch-seconds')
          ? Number.isSafeInteger(cur?.t) && cur.t >= 0 && cur.t < 1e11
          : typeof cur?.t === 'string' && ISO_MS.test(cur.t);
        if (!cur || !tOk || typeof cur.i !== 'string' || cur.i.length > 64) {
          return err(reply, 400, 'invalid_request', 'invalid cursor');
        }
      }
      const params = [];
      const p = (v) => `$${params.push(v)}`;
      const where = [];
      if (F('user-filter-no-tenant') && q.user_id !== undefined) {
        where.push(`user_id = ${p(q.user_id)}`); // "user ids are globally unique anyway"
      } else {
        where.push(`business_id = ${bizParam(request) ?? p(request.business.id)}`);
        if (q.user_id !== undefined) where.push(`user_id = ${p(q.user_id)}`);
      }
      if (q.status !== undefined) {
        const skip =
          (F('status-filter-lost-next-page') && cur) || (F('status-filter-unmapped') && !['active', 'inactive'].includes(q.status));
        if (!skip) where.push(`status = ${p(q.status)}`);
      }
      if (cur) {
        if (F('keyset-created-at-only')) where.push(`created_at > ${p(cur.t)}::timestamptz`);
        else if (F('cursor-epoch-seconds')) where.push(`(created_at, id) > (to_timestamp(${p(cur.t)}::bigint), ${p(cur.i)})`);
        else where.push(`(created_at, id) > (${p(cur.t)}::timestamptz, ${p(cur.i)})`);
      }
      const sql = `select * from user_banks where ${where.join(' and ')} order by created_at, id limit ${p(limit + 1)}`;
      const { rows } = await db.query(sql, params);
      const hasMore = rows.length > limit;
      const page = F('limit-plus-one') ? rows : rows.slice(0, limit);
      const last = page[page.length - 1];
      const body = {
        data: page.map(toBank),
        next_cursor: !hasMore
          ? null
          : encodeCursor({
              t: F('cursor-epoch-seconds') ? Math.floor(last.created_at.getTime() / 1000) : last.created_at.toISOString(),
              i: last.id,
            }),
      };
      if (F('list-cache-stale')) listCache.set(cacheKey, body);
      return body;
    });

    api.post(
      '/user_banks',
      {
        schema: F('null-body-500') ? { response: { 201: bankSchema } } : { body: createBodySchema, response: { 201: bankSchema } },
      },
      async (request, reply) => {
        if (F('null-body-500')) {
          // hand-rolled validation
          const { user_id, account_number, routing_number, account_holder_type, bank_account_type } = request.body;
          for (const v of [user_id, account_number, routing_number, account_holder_type, bank_account_type]) {
            if (typeof v !== 'string' || !v) return err(reply, 400, 'invalid_request', 'all fields must be non-empty strings');
          }
        }
        const b = request.body;
        for (const k of ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type']) {
          if (!cleanStr(b[k])) return err(reply, 400, 'invalid_request', `${k} is not a valid string`);
        }
        if (F('routing-number-integer') && !/^\d{1,9}$/.test(b.routing_number)) {
          return err(reply, 400, 'invalid_request', 'routing_number must be 9 digits');
        }
        const owner = F('create-foreign-user')
          ? await db.query('select id from users where id = $1', [b.user_id])
          : await db.query('select id from users where id = $1 and business_id = $2', [b.user_id, request.business.id]);
        if (!owner.rows.length) return err(reply, 400, 'invalid_user', 'user_id is not one of your users');
        const cols = [
          'id',
          'business_id',
          'user_id',
          'account_number',
          'routing_number',
          'account_holder_type',
          'bank_account_type',
          'is_rtp_enabled',
          'is_rtp_rfp_enabled',
          'status',
          'verification_status',
        ];
        const vals = [
          newId('ub'),
          request.business.id,
          b.user_id,
          b.account_number,
          b.routing_number,
          b.account_holder_type,
          b.bank_account_type,
          true,
          true,
          'active',
          'verified',
        ];
        cols.push('created_at');
        vals.push(isoNow());
        const { rows } = await db.query(
          `insert into user_banks (${cols.join(', ')}) values (${vals.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
          vals,
        );
        return reply.code(201).send(toBank(rows[0]));
      },
    );
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokenA: seed.A.token,
    userIdA: seed.A.users[0].id,
    tokenB: seed.B.token,
    userIdB: seed.B.users[0].id,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}
