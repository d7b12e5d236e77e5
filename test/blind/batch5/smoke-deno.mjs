// Smoke test of the Deno + Deno KV blind-fault servers.
// Run from the repository root:  node test/blind/batch5/smoke-deno.mjs
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
const BANK_FIELDS = {
  id: 'string',
  user_id: 'string',
  account_number: 'string',
  routing_number: 'string',
  account_holder_type: 'string',
  bank_account_type: 'string',
  created_at: 'string',
  is_rtp_enabled: 'boolean',
  is_rtp_rfp_enabled: 'boolean',
  status: 'string',
  verification_status: 'string',
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function api(s, method, p, { token = s.tokenA, body, rawBody, headers = {}, auth } = {}) {
  const h = { ...headers };
  if (auth !== undefined) {
    if (auth !== null) h.authorization = auth;
  } else if (token) h.authorization = `Bearer ${token}`;
  let payload;
  if (rawBody !== undefined) {
    payload = rawBody;
    h['content-type'] = 'application/json';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] = 'application/json';
  }
  const res = await fetch(s.baseUrl + p, { method, headers: h, body: payload });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}
const ok2 = (r) => r.status >= 200 && r.status < 300;

async function listAll(s, query = '', { token = s.tokenA, limit = 7 } = {}) {
  const items = [];
  let cursor = null;
  for (let i = 0; i < 60; i++) {
    const q = new URLSearchParams(query);
    q.set('limit', String(limit));
    if (cursor) q.set('cursor', cursor);
    const r = await api(s, 'GET', `/user_banks?${q}`, { token });
    if (!ok2(r)) throw new Error(`list page ${i} -> ${r.status}`);
    items.push(...r.json.data);
    cursor = r.json.next_cursor;
    if (cursor === null || cursor === undefined) return items;
  }
  throw new Error('paging did not end');
}

function bankShapeError(b) {
  for (const [k, t] of Object.entries(BANK_FIELDS)) if (typeof b?.[k] !== t) return `field ${k} is ${JSON.stringify(b?.[k])}`;
  if (!ISO.test(b.created_at)) return `created_at not ISO: ${b.created_at}`;
  return '';
}
const dupes = (arr) => arr.filter((x, i) => arr.indexOf(x) !== i);

async function secondUserA(s) {
  const all = await listAll(s, '', { limit: 100 });
  return all.find((b) => b.user_id !== s.userIdA).user_id;
}
async function create(s, extra = {}, token = s.tokenA) {
  return api(s, 'POST', '/user_banks', {
    token,
    body: {
      user_id: s.userIdA,
      account_number: '5566778899',
      routing_number: '021000021',
      account_holder_type: 'individual',
      bank_account_type: 'checking',
      ...extra,
    },
  });
}

// ---- basic conformance probes on the control ------------------------------------------
const basics = {
  'no auth -> 4xx on all four operations': async (s) => {
    for (const [m, p, body] of [
      ['POST', '/user_banks', { user_id: s.userIdA, account_number: '1', routing_number: '021000021' }],
      ['GET', '/user_banks'],
      ['GET', '/rfp_registrations'],
      ['GET', `/users/${s.userIdA}`],
    ]) {
      const r = await api(s, m, p, { auth: null, body });
      if (r.status < 400 || r.status >= 500) return `${m} ${p} -> ${r.status}`;
      const r2 = await api(s, m, p, { auth: 'Bearer dk_' + 'f'.repeat(48), body });
      if (r2.status < 400 || r2.status >= 500) return `${m} ${p} bad token -> ${r2.status}`;
    }
    return '';
  },
  'list envelope and bank fields': async (s) => {
    const r = await api(s, 'GET', '/user_banks');
    if (r.status !== 200 || !Array.isArray(r.json?.data) || !('next_cursor' in r.json)) return `bad envelope ${r.text.slice(0, 200)}`;
    if (r.json.data.length !== 40 || r.json.next_cursor !== null) return `default page has ${r.json.data.length}`;
    for (const b of r.json.data) {
      const e = bankShapeError(b);
      if (e) return e;
    }
    return '';
  },
  'paging limit=7 to the end': async (s) => {
    const items = await listAll(s, '', { limit: 7 });
    const ids = items.map((b) => b.id);
    if (ids.length !== 40 || dupes(ids).length) return `got ${ids.length} items, dupes ${dupes(ids)}`;
    return '';
  },
  'status and user_id filters': async (s) => {
    const act = await listAll(s, 'status=active', { limit: 7 });
    if (!act.length || act.some((b) => b.status !== 'active')) return 'status filter';
    const all = await listAll(s, '', { limit: 100 });
    if (act.length !== all.filter((b) => b.status === 'active').length) return 'status filter count';
    const mine = await listAll(s, `user_id=${s.userIdA}`, { limit: 7 });
    if (mine.length !== all.filter((b) => b.user_id === s.userIdA).length || mine.some((b) => b.user_id !== s.userIdA))
      return 'user filter';
    if (mine.length < 30) return `user A1 has only ${mine.length}`;
    return '';
  },
  'create returns all fields as given, then listed': async (s) => {
    const r = await create(s, { account_number: '000987654321', routing_number: '011401533' });
    if (!ok2(r)) return `create -> ${r.status}`;
    const e = bankShapeError(r.json);
    if (e) return e;
    if (r.json.account_number !== '000987654321' || r.json.routing_number !== '011401533' || r.json.user_id !== s.userIdA)
      return 'not as given';
    const all = await listAll(s, '', { limit: 7 });
    const found = all.find((b) => b.id === r.json.id);
    if (!found || JSON.stringify(found) !== JSON.stringify(r.json)) return 'not listed identically';
    return '';
  },
  'rfp registrations': async (s) => {
    const r = await api(s, 'GET', '/rfp_registrations');
    if (r.status !== 200 || !Array.isArray(r.json.data) || !('next_cursor' in r.json)) return 'envelope';
    if (r.json.data.length !== 3) return `count ${r.json.data.length}`;
    for (const x of r.json.data) {
      if (
        typeof x.id !== 'string' ||
        !ISO.test(x.created_at) ||
        !['pending', 'active', 'inactive'].includes(x.status) ||
        !['account_to_account', 'business_to_business', 'bill_pay'].includes(x.use_case)
      )
        return JSON.stringify(x);
    }
    if (dupes(r.json.data.map((x) => x.use_case)).length) return 'dup use case';
    const rb = await api(s, 'GET', '/rfp_registrations', { token: s.tokenB });
    if (rb.json.data.length !== 2 || rb.json.data.some((x) => r.json.data.some((y) => y.id === x.id))) return 'B rfp';
    return '';
  },
  'retrieve user': async (s) => {
    const r = await api(s, 'GET', `/users/${s.userIdA}`);
    const u = r.json;
    if (r.status !== 200 || u.id !== s.userIdA) return `status ${r.status}`;
    for (const k of ['first_name', 'last_name', 'email', 'phone', 'ssn', 'created_at', 'status']) if (typeof u[k] !== 'string') return k;
    if (!/^\d+$/.test(u.phone) || !/^\d+$/.test(u.ssn) || !ISO.test(u.created_at)) return 'phone/ssn/created_at';
    const d = u.date_of_birth;
    if (typeof d?.date !== 'number' || typeof d.month !== 'number' || typeof d.year !== 'number') return 'dob';
    const a = u.address;
    if (!a || !('line2' in a) || !['line1', 'city', 'state', 'zip'].every((k) => typeof a[k] === 'string')) return 'address';
    const rb = await api(s, 'GET', `/users/${s.userIdB}`, { token: s.tokenB });
    if (rb.status !== 200 || rb.json.id !== s.userIdB) return 'user B';
    return '';
  },
  'isolation A/B': async (s) => {
    const r = await api(s, 'GET', `/users/${s.userIdA}`, { token: s.tokenB });
    if (r.status < 400 || r.status >= 500) return `B reads A user -> ${r.status}`;
    const a = await listAll(s, '', { limit: 100 });
    const b = await listAll(s, '', { limit: 100, token: s.tokenB });
    if (!b.length || b.some((x) => a.some((y) => y.id === x.id))) return 'shared banks';
    const cross = await api(s, 'GET', `/user_banks?user_id=${s.userIdA}`, { token: s.tokenB });
    if (cross.json.data.length) return 'B sees A banks by user filter';
    return '';
  },
  'limit bounds': async (s) => {
    for (const l of ['0', '101', 'abc', '-1', '1.5']) {
      const r = await api(s, 'GET', `/user_banks?limit=${l}`);
      if (r.status >= 500) return `limit=${l} -> ${r.status}`;
    }
    const r1 = await api(s, 'GET', '/user_banks?limit=1');
    if (r1.json.data.length !== 1 || typeof r1.json.next_cursor !== 'string') return 'limit=1';
    const r100 = await api(s, 'GET', '/user_banks?limit=100');
    const total = (await listAll(s, '', { limit: 9 })).length;
    if (r100.json.data.length !== Math.min(total, 100) || r100.json.next_cursor !== null)
      return `limit=100 gave ${r100.json.data.length} of ${total}`;
    return '';
  },
  'odd input no 5xx': async (s) => {
    const probes = [
      await api(s, 'GET', '/user_banks?cursor=garbage!!'),
      await api(s, 'POST', '/user_banks', { rawBody: '{"user_id":' }),
      await api(s, 'POST', '/user_banks', { body: [] }),
      await api(s, 'POST', '/user_banks', { body: { user_id: 5 } }),
      await api(s, 'GET', `/users/${'x'.repeat(3000)}`),
      await api(s, 'GET', '/users/%E0%A4%A'),
      await api(s, 'GET', '/users/usr_doesnotexist'),
    ];
    const bad = probes.find((r) => r.status >= 500 || r.status < 400);
    return bad ? `got ${bad.status}` : '';
  },
  'startup under 3 s': async () => '',
};

// ---- fault probes: return a description of the defect, or '' when conformant ------------
const probes = {
  'auth-create-any-token': async (s) => {
    const r = await api(s, 'POST', '/user_banks', {
      auth: 'Bearer dk_' + 'f'.repeat(48),
      body: { user_id: s.userIdA, account_number: '1234', routing_number: '021000021' },
    });
    return ok2(r) ? `create with unknown token -> ${r.status}` : '';
  },
  'auth-list-optional': async (s) => {
    const r = await api(s, 'GET', '/user_banks', { auth: null });
    return ok2(r) ? `list without Authorization -> ${r.status}` : '';
  },
  'auth-rfp-public': async (s) => {
    const r = await api(s, 'GET', '/rfp_registrations', { auth: null });
    return ok2(r) ? `rfp without Authorization -> ${r.status}` : '';
  },
  'auth-user-skip': async (s) => {
    const r = await api(s, 'GET', `/users/${s.userIdA}`, { auth: null });
    return ok2(r) ? `user without Authorization -> ${r.status}` : '';
  },
  'auth-scheme-lax': async (s) => {
    const r = await api(s, 'GET', '/user_banks', { auth: `Token ${s.tokenA}` });
    return ok2(r) ? `"Token <t>" accepted -> ${r.status}` : '';
  },
  'auth-secret-unchecked': async (s) => {
    const t = s.tokenA.slice(0, -1) + (s.tokenA.endsWith('0') ? '1' : '0');
    const r = await api(s, 'GET', '/rfp_registrations', { token: t });
    return ok2(r) ? `altered token accepted -> ${r.status}` : '';
  },
  'tenant-user-global': async (s) => {
    const r = await api(s, 'GET', `/users/${s.userIdA}`, { token: s.tokenB });
    return ok2(r) ? 'B retrieves A user' : '';
  },
  'tenant-user-filter-index': async (s) => {
    const r = await api(s, 'GET', `/user_banks?user_id=${s.userIdA}`, { token: s.tokenB });
    return r.json?.data?.length ? `B sees ${r.json.data.length} banks of A user` : '';
  },
  'tenant-rfp-prefix': async (s) => {
    const a = (await api(s, 'GET', '/rfp_registrations')).json.data;
    const b = (await api(s, 'GET', '/rfp_registrations', { token: s.tokenB })).json.data;
    const shared = a.filter((x) => b.some((y) => y.id === x.id));
    return shared.length || dupes(a.map((x) => x.use_case)).length ? `A and B share ${shared.length} registrations` : '';
  },
  'tenant-cursor-absolute': async (s) => {
    const aAll = await listAll(s, '', { limit: 100 });
    const p1 = await api(s, 'GET', '/user_banks?limit=5');
    const r = await api(s, 'GET', `/user_banks?limit=100&cursor=${encodeURIComponent(p1.json.next_cursor)}`, { token: s.tokenB });
    if (!ok2(r)) return '';
    const leak = r.json.data.filter((x) => aAll.some((y) => y.id === x.id));
    return leak.length ? `B with A's cursor sees ${leak.length} of A's banks` : '';
  },
  'bank-created-at-string': async (s) => {
    const all = await listAll(s, '', { limit: 100 });
    const bad = all.find((b) => !ISO.test(b.created_at));
    return bad ? `created_at ${bad.created_at}` : '';
  },
  'bank-created-at-drift': async (s) => {
    for (let i = 0; i < 3; i++) {
      const c = await create(s);
      const l = await listAll(s, `user_id=${s.userIdA}`, { limit: 100 });
      const f = l.find((b) => b.id === c.json.id);
      if (f && f.created_at !== c.json.created_at) return `create ${c.json.created_at} vs list ${f.created_at}`;
    }
    return '';
  },
  'create-routing-number-numeric': async (s) => {
    const c = await create(s, { routing_number: '021000021' });
    return c.json.routing_number !== '021000021' ? `routing_number ${JSON.stringify(c.json.routing_number)}` : '';
  },
  'create-linked-user-default': async (s) => {
    const u2 = await secondUserA(s);
    const c = await create(s, { user_id: u2 });
    return c.json.user_id !== u2 ? `asked ${u2}, linked ${c.json.user_id}` : '';
  },
  'create-missing-verification': async (s) => {
    const c = await create(s);
    return bankShapeError(c.json);
  },
  'list-account-masked': async (s) => {
    const c = await create(s, { account_number: '987654321012' });
    const l = await listAll(s, '', { limit: 100 });
    const f = l.find((b) => b.id === c.json.id);
    return f?.account_number !== '987654321012' ? `listed account_number ${f?.account_number}` : '';
  },
  'create-race-duplicate-id': async (s) => {
    const rs = await Promise.all(Array.from({ length: 6 }, (_, i) => create(s, { account_number: `77000${i}` })));
    const ids = rs.map((r) => r.json?.id);
    return dupes(ids).length ? `concurrent creates share ids ${[...new Set(dupes(ids))]}` : '';
  },
  'kvu64-bigint-500': async (s) => {
    const c = await create(s);
    const l = await api(s, 'GET', '/user_banks');
    return c.status >= 500 || l.status >= 500 ? `create ${c.status}, list ${l.status}` : '';
  },
  'create-bad-json-500': async (s) => {
    const r = await api(s, 'POST', '/user_banks', { rawBody: '{"user_id":' });
    return r.status >= 500 ? `bad JSON -> ${r.status}` : '';
  },
  'limit-default-20': async (s) => {
    const r = await api(s, 'GET', '/user_banks');
    return r.json.data.length !== 40 ? `default page ${r.json.data.length} of 40` : '';
  },
  'limit-max-25': async (s) => {
    const r = await api(s, 'GET', '/user_banks?limit=30');
    return r.json.data.length !== 30 ? `limit=30 gave ${r.json.data.length}` : '';
  },
  'page-peek-leak': async (s) => {
    const r = await api(s, 'GET', '/user_banks?limit=7');
    return r.json.data.length > 7 ? `limit=7 gave ${r.json.data.length}` : '';
  },
  'cursor-inclusive': async (s) => {
    const ids = (await listAll(s, '', { limit: 7 })).map((b) => b.id);
    return dupes(ids).length || ids.length !== 40 ? `paging gave ${ids.length}, dupes ${dupes(ids)}` : '';
  },
  'cursor-page-offset': async (s) => {
    const all = (await api(s, 'GET', '/user_banks?limit=100')).json.data.map((b) => b.id);
    const p1 = await api(s, 'GET', '/user_banks?limit=5');
    const p2 = await api(s, 'GET', `/user_banks?limit=10&cursor=${encodeURIComponent(p1.json.next_cursor)}`);
    const got = p2.json.data.map((b) => b.id).join();
    return got !== all.slice(5, 15).join() ? `after 5 with limit 10 got ${got}` : '';
  },
  'cursor-filter-dropped': async (s) => {
    const l = await listAll(s, 'status=inactive', { limit: 3 });
    const bad = l.filter((b) => b.status !== 'inactive');
    return bad.length ? `${bad.length} non-inactive items on later pages` : '';
  },
  'filter-after-page': async (s) => {
    const q = `user_id=${s.userIdA}&status=active`;
    const a = await listAll(s, q, { limit: 7 });
    const b = await listAll(s, q, { limit: 100 });
    return a.length !== b.length ? `limit=7 paging found ${a.length}, limit=100 found ${b.length}` : '';
  },
  'status-index-verification': async (s) => {
    const all = await listAll(s, '', { limit: 100 });
    const a = await listAll(s, 'status=active', { limit: 100 });
    const want = all.filter((b) => b.status === 'active').length;
    return a.length !== want || a.some((b) => b.status !== 'active') ? `status=active gave ${a.length}, expected ${want}` : '';
  },
  'user-filter-ignored-with-status': async (s) => {
    const u2 = await secondUserA(s);
    const l = await listAll(s, `user_id=${u2}&status=active`, { limit: 100 });
    const bad = l.filter((b) => b.user_id !== u2);
    return bad.length ? `${bad.length} banks of other users` : '';
  },
  'user-filter-unknown-all': async (s) => {
    const r = await api(s, 'GET', '/user_banks?user_id=usr_doesnotexist');
    return r.json?.data?.length ? `unknown user gave ${r.json.data.length}` : '';
  },
  'next-cursor-omitted': async (s) => {
    const r = await api(s, 'GET', '/user_banks?limit=100');
    return !('next_cursor' in r.json) ? 'next_cursor missing on last page' : '';
  },
  'list-cache-stale': async (s) => {
    await api(s, 'GET', '/user_banks');
    const c = await create(s);
    const r = await api(s, 'GET', '/user_banks');
    return r.json.data.some((b) => b.id === c.json.id) ? '' : 'created bank not in following list';
  },
  'index-late': async (s) => {
    const c = await create(s);
    const r = await api(s, 'GET', `/user_banks?user_id=${s.userIdA}`);
    return r.json.data.some((b) => b.id === c.json.id) ? '' : 'created bank not listed under its user_id';
  },
  'create-status-index-missing': async (s) => {
    const c = await create(s);
    await sleep(100);
    const l = await listAll(s, `status=${c.json.status}`, { limit: 100 });
    return l.some((b) => b.id === c.json.id) ? '' : `created bank not listed under status=${c.json.status}`;
  },
  'getmany-over-10-500': async (s) => {
    const r = await api(s, 'GET', '/user_banks?status=active');
    return r.status >= 500 ? `status filter -> ${r.status}` : '';
  },
  'limit-nan-500': async (s) => {
    const r = await api(s, 'GET', '/user_banks?limit=abc');
    return r.status >= 500 ? `limit=abc -> ${r.status}` : '';
  },
  'cursor-garbage-500': async (s) => {
    const r = await api(s, 'GET', '/user_banks?cursor=garbage');
    return r.status >= 500 ? `cursor=garbage -> ${r.status}` : '';
  },
  'rfp-internal-enum': async (s) => {
    const d = (await api(s, 'GET', '/rfp_registrations')).json.data;
    const bad = d.find((x) => !['pending', 'active', 'inactive'].includes(x.status));
    return bad ? `status ${bad.status}` : '';
  },
  'rfp-new-id-each-read': async (s) => {
    const a = (await api(s, 'GET', '/rfp_registrations')).json.data
      .map((x) => x.id)
      .sort()
      .join();
    const b = (await api(s, 'GET', '/rfp_registrations')).json.data
      .map((x) => x.id)
      .sort()
      .join();
    return a !== b ? `ids changed: ${a} -> ${b}` : '';
  },
  'rfp-duplicate-onboarding': async (s) => {
    const d = (await api(s, 'GET', '/rfp_registrations')).json.data;
    return dupes(d.map((x) => x.use_case)).length ? `${d.length} registrations, duplicate use cases` : '';
  },
  'rfp-pending-no-created-at': async (s) => {
    const d = (await api(s, 'GET', '/rfp_registrations')).json.data;
    const bad = d.find((x) => typeof x.created_at !== 'string' || !ISO.test(x.created_at));
    return bad ? `created_at ${bad.created_at}` : '';
  },
  'rfp-hide-inactive': async (s) => {
    const d = (await api(s, 'GET', '/rfp_registrations')).json.data;
    return d.length !== 3 ? `${d.length} of 3 registrations` : '';
  },
  'rfp-created-at-epoch': async (s) => {
    const d = (await api(s, 'GET', '/rfp_registrations')).json.data;
    const bad = d.find((x) => typeof x.created_at !== 'string');
    return bad ? `created_at ${bad.created_at}` : '';
  },
  'user-dob-string': async (s) => {
    const u = (await api(s, 'GET', `/users/${s.userIdA}`)).json;
    return typeof u.date_of_birth !== 'object' ? `date_of_birth ${JSON.stringify(u.date_of_birth)}` : '';
  },
  'user-dob-month-zero': async (s) => {
    const d = (await api(s, 'GET', `/users/${s.userIdA}`)).json.date_of_birth;
    return d.month < 1 || d.month > 12 ? `month ${d.month}` : '';
  },
  'user-line2-stripped': async (s) => {
    const a = (await api(s, 'GET', `/users/${s.userIdA}`)).json.address;
    return !('line2' in a) ? 'address.line2 missing' : '';
  },
  'user-ssn-masked': async (s) => {
    const u = (await api(s, 'GET', `/users/${s.userIdA}`)).json;
    return !/^\d+$/.test(u.ssn) ? `ssn ${u.ssn}` : '';
  },
  'user-created-at-now': async (s) => {
    const a = (await api(s, 'GET', `/users/${s.userIdA}`)).json.created_at;
    await sleep(30);
    const b = (await api(s, 'GET', `/users/${s.userIdA}`)).json.created_at;
    return a !== b ? `created_at ${a} then ${b}` : '';
  },
  'user-range-scan': async (s) => {
    const r = await api(s, 'GET', '/users/usr_0000000000');
    return ok2(r) ? `unknown id answered with user ${r.json?.id}` : '';
  },
  'user-id-long-500': async (s) => {
    const r = await api(s, 'GET', `/users/${'x'.repeat(3000)}`);
    return r.status >= 500 ? `long id -> ${r.status}` : '';
  },
};

// ---- runner ------------------------------------------------------------------------
async function timedStart(mod) {
  const t0 = Date.now();
  const s = await mod.default();
  return { s, ms: Date.now() - t0 };
}

let failures = 0;
const fail = (msg) => {
  failures++;
  console.log(`FAIL ${msg}`);
};

const control = await import(pathToFileURL(path.join(HERE, '_control-deno-kv.mjs')).href);
if (control.stack !== 'deno-kv') fail('control stack name');
{
  const { s, ms } = await timedStart(control);
  try {
    for (const [name, fn] of Object.entries(basics)) {
      let res;
      try {
        res = name === 'startup under 3 s' ? (ms > 3000 ? `${ms} ms` : '') : await fn(s);
      } catch (e) {
        res = `threw ${e.message}`;
      }
      if (res) fail(`control: ${name}: ${res}`);
      else console.log(`ok   control: ${name}`);
    }
  } finally {
    await s.close();
  }
}

const files0 = readdirSync(HERE)
  .filter((f) => /^(5[1-9]|[6-9]\d)-.*\.mjs$/.test(f))
  .sort();
const files = files0;
if (process.env.SMOKE_MATRIX) {
  // informational: which basic probes each fault server fails (should be few and related)
  for (const f of files) {
    const mod = await import(pathToFileURL(path.join(HERE, f)).href);
    const s = await mod.default();
    const failed = [];
    try {
      for (const [name, fn] of Object.entries(basics)) {
        let res;
        try {
          res = await fn(s);
        } catch (e) {
          res = `threw ${e.message}`;
        }
        if (res) failed.push(`${name} (${res.slice(0, 80)})`);
      }
    } finally {
      await s.close();
    }
    console.log(`${f}: ${failed.join(' | ') || '-'}`);
  }
  process.exit(0);
}
const jobs = files.map((f) => async () => {
  const mod = await import(pathToFileURL(path.join(HERE, f)).href);
  const name = f.replace(/^\d+-/, '').replace(/\.mjs$/, '');
  const probe = probes[name];
  if (!probe) return fail(`${f}: no probe`);
  if (mod.stack !== 'deno-kv') return fail(`${f}: stack ${mod.stack}`);
  // same probe on a fresh control must pass
  const c = await control.default();
  let cres;
  try {
    cres = await probe(c);
  } catch (e) {
    cres = `threw ${e.message}`;
  } finally {
    await c.close();
  }
  const { s, ms } = await timedStart(mod);
  let fres;
  try {
    fres = await probe(s);
  } catch (e) {
    fres = `threw ${e.message}`;
  } finally {
    await s.close();
  }
  if (cres) fail(`${f}: probe fails on control: ${cres}`);
  else if (!fres) fail(`${f}: defect not shown`);
  else console.log(`ok   ${f}: ${fres}${ms > 3000 ? `  (slow start ${ms} ms)` : ''}`);
});
const POOL = 4;
let next = 0;
await Promise.all(
  Array.from({ length: POOL }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }),
);

console.log(`\n${files.length} fault servers, ${failures} failure(s)`);
process.exit(failures ? 1 : 0);
