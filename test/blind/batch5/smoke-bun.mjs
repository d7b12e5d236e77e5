// Smoke test of the Bun blind faults. Run from the repository root:
//   node test/blind/batch5/smoke-bun.mjs [fault-name-filter]
// 1) conformance probes against the control; 2) for each fault server, a probe that
// must show its defect, while the same probe must not show it on a fresh control.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ONLY = process.argv[2] ?? '';
const PARALLEL = 6;

// ---------------------------------------------------------------- http helpers
async function call(s, method, p, { token, body, headers = {}, rawBody } = {}) {
  const h = { ...headers };
  if (token !== undefined && token !== null) h.authorization = `Bearer ${token}`;
  let payload;
  if (rawBody !== undefined) {
    payload = rawBody;
    h['content-type'] ??= 'application/json';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] ??= 'application/json';
  }
  const res = await fetch(s.baseUrl + p, { method, headers: h, body: payload, signal: AbortSignal.timeout(10000) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, has: (k) => json && typeof json === 'object' && Object.prototype.hasOwnProperty.call(json, k) };
}
const get = (s, p, token) => call(s, 'GET', p, { token });
const ok = (r) => r.status >= 200 && r.status < 300;
const q = (o) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) if (v !== undefined && v !== null) u.set(k, String(v));
  const t = u.toString();
  return t ? `?${t}` : '';
};

async function pageAll(s, token, params = {}, limits = [params.limit]) {
  const items = [];
  const pages = [];
  let cursor = null;
  let i = 0;
  for (;;) {
    const limit = limits[Math.min(i, limits.length - 1)];
    const r = await get(s, '/user_banks' + q({ ...params, limit, cursor }), token);
    if (!ok(r) || !r.json || !Array.isArray(r.json.data))
      return { error: `page ${i}: HTTP ${r.status} ${r.text.slice(0, 200)}`, items, pages };
    pages.push(r.json);
    items.push(...r.json.data);
    cursor = r.json.next_cursor;
    if (cursor === null || cursor === undefined) break;
    if (++i > 80) return { error: 'more than 80 pages', items, pages };
  }
  return { items, pages };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const isIso = (v) => typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v));
const isStr = (v) => typeof v === 'string';
const dupes = (arr) => arr.filter((x, i) => arr.indexOf(x) !== i);

function bankProblems(b) {
  const p = [];
  for (const f of [
    'id',
    'user_id',
    'account_number',
    'routing_number',
    'account_holder_type',
    'bank_account_type',
    'status',
    'verification_status',
  ]) {
    if (!isStr(b?.[f])) p.push(`${f}=${JSON.stringify(b?.[f])}`);
  }
  if (!isIso(b?.created_at)) p.push(`created_at=${JSON.stringify(b?.created_at)}`);
  for (const f of ['is_rtp_enabled', 'is_rtp_rfp_enabled']) if (typeof b?.[f] !== 'boolean') p.push(`${f}=${JSON.stringify(b?.[f])}`);
  return p;
}
function userProblems(u) {
  const p = [];
  for (const f of ['id', 'first_name', 'last_name', 'email', 'status']) if (!isStr(u?.[f])) p.push(`${f}=${JSON.stringify(u?.[f])}`);
  for (const f of ['phone', 'ssn']) if (!isStr(u?.[f]) || !/^\d+$/.test(u[f])) p.push(`${f}=${JSON.stringify(u?.[f])}`);
  const d = u?.date_of_birth;
  if (!d || typeof d !== 'object') p.push('date_of_birth');
  else {
    for (const f of ['date', 'month', 'year']) if (typeof d[f] !== 'number') p.push(`date_of_birth.${f}=${JSON.stringify(d[f])}`);
    if (typeof d.month === 'number' && (d.month < 1 || d.month > 12)) p.push('month range');
  }
  const a = u?.address;
  if (!a || typeof a !== 'object') p.push('address');
  else {
    for (const f of ['line1', 'city', 'state', 'zip']) if (!isStr(a[f])) p.push(`address.${f}=${JSON.stringify(a[f])}`);
    if (!('line2' in a) || !(a.line2 === null || isStr(a.line2))) p.push(`address.line2=${JSON.stringify(a.line2)}`);
  }
  if (!isIso(u?.created_at)) p.push(`created_at=${JSON.stringify(u?.created_at)}`);
  return p;
}
const RFP_STATUS = ['pending', 'active', 'inactive'];
const RFP_USE = ['account_to_account', 'business_to_business', 'bill_pay'];
function rfpProblems(r) {
  const p = [];
  if (!isStr(r?.id)) p.push(`id=${JSON.stringify(r?.id)}`);
  if (!isIso(r?.created_at)) p.push(`created_at=${JSON.stringify(r?.created_at)}`);
  if (!RFP_STATUS.includes(r?.status)) p.push(`status=${JSON.stringify(r?.status)}`);
  if (!RFP_USE.includes(r?.use_case)) p.push(`use_case=${JSON.stringify(r?.use_case)}`);
  return p;
}
function envelopeProblems(j) {
  const p = [];
  if (!j || typeof j !== 'object' || Array.isArray(j)) return ['not an object'];
  if (!Array.isArray(j.data)) p.push('data not array');
  if (!Object.prototype.hasOwnProperty.call(j, 'next_cursor')) p.push('next_cursor missing');
  else if (!(j.next_cursor === null || isStr(j.next_cursor))) p.push(`next_cursor=${JSON.stringify(j.next_cursor)}`);
  return p;
}
const newBank = (userId, extra = {}) => ({
  user_id: userId,
  account_number: '000123456789',
  routing_number: '021000021',
  account_holder_type: 'individual',
  bank_account_type: 'checking',
  ...extra,
});
const create = (s, token, body) => call(s, 'POST', '/user_banks', { token, body });
async function secondUserOfA(s) {
  const all = await get(s, '/user_banks?limit=100', s.tokenA);
  return all.json.data.find((b) => b.user_id !== s.userIdA)?.user_id;
}
function fail(msg) {
  return msg;
}

// ---------------------------------------------------------------- control probes
const controlProbes = {
  async 'auth required on all four operations'(s) {
    const probes = [
      ['GET', '/user_banks'],
      ['GET', '/rfp_registrations'],
      ['GET', `/users/${s.userIdA}`],
    ];
    const out = [];
    for (const tok of [undefined, 'bk_live_' + randomBytes(24).toString('hex')]) {
      for (const [m, p] of probes) {
        const r = await call(s, m, p, { token: tok });
        if (r.status < 400 || r.status >= 500) out.push(`${m} ${p} token=${!!tok} -> ${r.status}`);
      }
      const r = await create(s, tok, newBank(s.userIdA));
      if (r.status < 400 || r.status >= 500) out.push(`POST token=${!!tok} -> ${r.status}`);
    }
    const r = await call(s, 'GET', '/user_banks', { headers: { authorization: `Basic ${s.tokenA}` } });
    if (r.status < 400 || r.status >= 500) out.push(`Basic scheme -> ${r.status}`);
    return out.length ? out.join('; ') : null;
  },
  async 'list envelope and User Bank fields'(s) {
    const r = await get(s, '/user_banks', s.tokenA);
    if (r.status !== 200) return `status ${r.status}`;
    const p = envelopeProblems(r.json);
    if (p.length) return p.join(',');
    if (r.json.data.length < 30 || r.json.data.length > 100) return `count ${r.json.data.length}`;
    const bad = r.json.data.map(bankProblems).filter((x) => x.length);
    return bad.length ? JSON.stringify(bad[0]) : null;
  },
  async 'paging with limit=7 reaches every bank once'(s) {
    const full = (await get(s, '/user_banks?limit=100', s.tokenA)).json.data.map((b) => b.id);
    const r = await pageAll(s, s.tokenA, { limit: 7 });
    if (r.error) return r.error;
    const ids = r.items.map((b) => b.id);
    if (r.pages.some((p) => p.data.length > 7)) return 'page larger than 7';
    if (dupes(ids).length) return 'duplicates';
    if (ids.length !== full.length || full.some((id) => !ids.includes(id))) return `got ${ids.length} of ${full.length}`;
    if (r.pages.length < 5) return `only ${r.pages.length} pages`;
    return null;
  },
  async 'limit changing between pages'(s) {
    const full = (await get(s, '/user_banks?limit=100', s.tokenA)).json.data.map((b) => b.id);
    const r = await pageAll(s, s.tokenA, {}, [7, 10, 3, 13]);
    if (r.error) return r.error;
    const ids = r.items.map((b) => b.id);
    return JSON.stringify(ids) === JSON.stringify(full) ? null : 'sequence differs from full list';
  },
  async 'status and user_id filters across pages'(s) {
    const full = (await get(s, '/user_banks?limit=100', s.tokenA)).json.data;
    const u2 = full.find((b) => b.user_id !== s.userIdA).user_id;
    for (const params of [
      { status: 'active' },
      { status: 'inactive' },
      { user_id: s.userIdA },
      { user_id: u2 },
      { status: 'active', user_id: u2 },
    ]) {
      const r = await pageAll(s, s.tokenA, { ...params, limit: 7 });
      if (r.error) return r.error;
      const want = full.filter((b) => Object.entries(params).every(([k, v]) => b[k] === v)).map((b) => b.id);
      const got = r.items.map((b) => b.id);
      if (want.length === 0) return `no seed data for ${JSON.stringify(params)}`;
      if (JSON.stringify(want) !== JSON.stringify(got)) return `${JSON.stringify(params)}: ${got.length} vs ${want.length}`;
    }
    return null;
  },
  async 'RfP registrations'(s) {
    for (const tok of [s.tokenA, s.tokenB]) {
      const r = await get(s, '/rfp_registrations', tok);
      if (r.status !== 200) return `status ${r.status}`;
      const p = [...envelopeProblems(r.json), ...r.json.data.flatMap(rfpProblems)];
      if (p.length) return p.join(',');
      if (dupes(r.json.data.map((x) => x.use_case)).length) return 'duplicate use case';
      if (r.json.data.length < 1) return 'empty';
    }
    const a = (await get(s, '/rfp_registrations', s.tokenA)).json.data.map((x) => x.id);
    const b = (await get(s, '/rfp_registrations', s.tokenB)).json.data.map((x) => x.id);
    return a.some((id) => b.includes(id)) ? 'shared registrations' : null;
  },
  async 'retrieve a User'(s) {
    for (const [tok, id] of [
      [s.tokenA, s.userIdA],
      [s.tokenB, s.userIdB],
    ]) {
      const r = await get(s, `/users/${id}`, tok);
      if (r.status !== 200) return `status ${r.status}`;
      const p = userProblems(r.json);
      if (p.length) return p.join(',');
      if (r.json.id !== id) return 'id differs';
    }
    return null;
  },
  async 'create then list, linked user'(s) {
    const u2 = await secondUserOfA(s);
    const body = newBank(u2, { account_number: '0000987650001', routing_number: '011401533' });
    const r = await create(s, s.tokenA, body);
    if (!ok(r)) return `create ${r.status}`;
    const p = bankProblems(r.json);
    if (p.length) return p.join(',');
    for (const f of Object.keys(body)) if (r.json[f] !== body[f]) return `${f} not as given`;
    const u = await get(s, `/users/${r.json.user_id}`, s.tokenA);
    if (u.status !== 200 || u.json.id !== u2) return 'linked user not retrievable';
    const all = await pageAll(s, s.tokenA, { limit: 100 });
    const found = all.items.find((b) => b.id === r.json.id);
    if (!found) return 'not listed';
    if (JSON.stringify(found) !== JSON.stringify(r.json)) return 'listed differs from created';
    const byUser = await pageAll(s, s.tokenA, { user_id: u2, limit: 2 });
    if (!byUser.items.some((b) => b.id === r.json.id)) return 'not listed under its user';
    return null;
  },
  async 'tenant isolation'(s) {
    const out = [];
    const r1 = await get(s, `/users/${s.userIdA}`, s.tokenB);
    if (ok(r1)) out.push('B reads A user');
    const r2 = await get(s, `/users/${s.userIdB}`, s.tokenA);
    if (ok(r2)) out.push('A reads B user');
    const la = (await get(s, '/user_banks', s.tokenA)).json.data.map((b) => b.id);
    const lb = (await get(s, '/user_banks', s.tokenB)).json.data.map((b) => b.id);
    if (la.some((id) => lb.includes(id))) out.push('shared banks');
    const lf = await get(s, `/user_banks?user_id=${s.userIdA}`, s.tokenB);
    if (ok(lf) && lf.json.data.length) out.push('B lists A banks by user_id');
    const c = await create(s, s.tokenB, newBank(s.userIdA));
    if (ok(c)) out.push('B links to A user');
    return out.length ? out.join('; ') : null;
  },
  async 'odd input gives no 5xx'(s) {
    const out = [];
    for (const p of [
      '/user_banks?limit=abc',
      '/user_banks?limit=0',
      '/user_banks?limit=101',
      '/user_banks?limit=-1',
      '/user_banks?limit=1.5',
      '/user_banks?cursor=garbage',
      '/user_banks?cursor=eyJzIjoxfQ.AAAA',
      '/user_banks?status=',
      '/users/%E0%A4%A',
      '/users/nope',
      '/user_banks?limit=100&limit=5',
    ]) {
      const r = await get(s, p, s.tokenA);
      if (r.status >= 500) out.push(`${p} -> ${r.status}`);
      if (ok(r) && r.json?.data?.length > 100) out.push(`${p} -> >100`);
    }
    for (const rawBody of ['{', '[]', 'null', '"x"', '{"user_id":5}']) {
      const r = await call(s, 'POST', '/user_banks', { token: s.tokenA, rawBody });
      if (r.status >= 500) out.push(`POST ${rawBody} -> ${r.status}`);
    }
    const r = await create(s, s.tokenA, newBank('usr_does_not_exist'));
    if (r.status >= 500 || ok(r)) out.push(`unknown user -> ${r.status}`);
    return out.length ? out.join('; ') : null;
  },
  async 'limit bounds: default 100, max 100'(s) {
    const bodies = [];
    for (let i = 0; i < 70; i++) bodies.push(create(s, s.tokenA, newBank(s.userIdA, { account_number: String(7000000000 + i) })));
    const rs = await Promise.all(bodies);
    if (rs.some((r) => !ok(r))) return 'bulk create failed';
    const d = await get(s, '/user_banks', s.tokenA);
    if (d.json.data.length !== 100 || !isStr(d.json.next_cursor)) return `default page ${d.json.data.length}`;
    const m = await get(s, '/user_banks?limit=100', s.tokenA);
    if (m.json.data.length !== 100) return 'limit=100';
    const o = await get(s, '/user_banks?limit=101', s.tokenA);
    if (ok(o) && o.json.data.length > 100) return 'limit=101 gave more than 100';
    const all = await pageAll(s, s.tokenA, { limit: 100 });
    if (all.error || all.items.length !== 109) return `total ${all.items.length}`;
    const one = await pageAll(s, s.tokenA, { limit: 1, status: 'inactive' });
    if (one.error || one.items.some((b) => b.status !== 'inactive')) return 'limit=1 paging';
    return null;
  },
  async 'concurrent callers'(s) {
    const p1 = await get(s, '/user_banks?limit=5', s.tokenA);
    const reqs = [];
    let leak = 0;
    for (let i = 0; i < 25; i++) {
      reqs.push(
        get(s, `/user_banks?limit=${5 + i}&cursor=${encodeURIComponent(p1.json.next_cursor)}`, s.tokenA).then((r) => {
          if (r.json.data.some((b) => b.user_id === s.userIdB)) leak++;
        }),
      );
      reqs.push(
        get(s, `/user_banks?limit=${3 + i}`, s.tokenB).then((r) => {
          if (r.json.data.some((b) => b.user_id === s.userIdA)) leak++;
        }),
      );
    }
    await Promise.all(reqs);
    return leak ? `${leak} leaks` : null;
  },
};

// ---------------------------------------------------------------- fault probes
// Each returns a string describing the defect when it shows, else null.
const faultProbes = {
  'auth-create-optional': async (s) => {
    const r = await create(s, undefined, newBank(s.userIdA));
    return ok(r) ? `POST without Authorization -> ${r.status}` : null;
  },
  'auth-list-optional': async (s) => {
    const r = await get(s, '/user_banks');
    return ok(r) ? `GET /user_banks without Authorization -> ${r.status}` : null;
  },
  'auth-rfp-optional': async (s) => {
    const r = await get(s, '/rfp_registrations');
    return ok(r) ? `GET /rfp_registrations without Authorization -> ${r.status}` : null;
  },
  'auth-user-optional': async (s) => {
    const r = await get(s, `/users/${s.userIdA}`);
    return ok(r) ? `GET /users without Authorization -> ${r.status}` : null;
  },
  'auth-token-prefix-cache': async (s) => {
    await get(s, '/user_banks?limit=1', s.tokenA);
    const bad = s.tokenA.slice(0, -6) + (s.tokenA.endsWith('000000') ? '111111' : '000000');
    const r = await get(s, '/user_banks?limit=1', bad);
    return ok(r) ? `altered token accepted -> ${r.status}` : null;
  },
  'tenant-user-retrieve': async (s) => {
    const r = await get(s, `/users/${s.userIdA}`, s.tokenB);
    return ok(r) ? 'B retrieves A user' : null;
  },
  'tenant-list-user-filter': async (s) => {
    const r = await get(s, `/user_banks?user_id=${s.userIdA}`, s.tokenB);
    return ok(r) && r.json.data.length ? `B sees ${r.json.data.length} A banks` : null;
  },
  'tenant-rfp-all-callers': async (s) => {
    const a = (await get(s, '/rfp_registrations', s.tokenA)).json.data.map((x) => x.id);
    const b = (await get(s, '/rfp_registrations', s.tokenB)).json.data.map((x) => x.id);
    return a.some((id) => b.includes(id)) ? 'registrations shared between callers' : null;
  },
  'tenant-list-cache-key': async (s) => {
    const a = (await get(s, '/user_banks?limit=10', s.tokenA)).json.data;
    const b = (await get(s, '/user_banks?limit=10', s.tokenB)).json.data;
    return b.some((x) => a.some((y) => y.id === x.id)) ? 'B got A page' : null;
  },
  'tenant-global-caller-race': controlProbes['concurrent callers'],
  'bank-rtp-int': async (s) => {
    const d = (await get(s, '/user_banks', s.tokenA)).json.data;
    return d.some((b) => typeof b.is_rtp_enabled !== 'boolean') ? `is_rtp_enabled=${JSON.stringify(d[0].is_rtp_enabled)}` : null;
  },
  'bank-account-number-integer': async (s) => {
    const d = (await get(s, '/user_banks', s.tokenA)).json.data;
    return d.some((b) => typeof b.account_number !== 'string') ? `account_number=${JSON.stringify(d[0].account_number)}` : null;
  },
  'bank-routing-leading-zero': async (s) => {
    const c = await create(s, s.tokenA, newBank(s.userIdA));
    const all = await pageAll(s, s.tokenA, { limit: 100 });
    const f = all.items.find((b) => b.id === c.json.id);
    return f && f.routing_number !== '021000021' ? `listed routing_number=${JSON.stringify(f.routing_number)}` : null;
  },
  'bank-account-masked': async (s) => {
    const c = await create(s, s.tokenA, newBank(s.userIdA));
    return c.json.account_number !== '000123456789' ? `account_number=${c.json.account_number}` : null;
  },
  'list-missing-verification-status': async (s) => {
    const d = (await get(s, '/user_banks', s.tokenA)).json.data;
    return d.some((b) => !('verification_status' in b)) ? 'verification_status missing in list' : null;
  },
  'user-phone-integer': async (s) => {
    const u = (await get(s, `/users/${s.userIdA}`, s.tokenA)).json;
    return typeof u.phone !== 'string' ? `phone=${JSON.stringify(u.phone)}` : null;
  },
  'user-zip-integer': async (s) => {
    const u = (await get(s, `/users/${s.userIdA}`, s.tokenA)).json;
    return typeof u.address.zip !== 'string' ? `zip=${JSON.stringify(u.address.zip)}` : null;
  },
  'user-dob-strings': async (s) => {
    const u = (await get(s, `/users/${s.userIdA}`, s.tokenA)).json;
    return typeof u.date_of_birth.date !== 'number' ? `dob=${JSON.stringify(u.date_of_birth)}` : null;
  },
  'user-line2-dropped': async (s) => {
    const u = (await get(s, `/users/${s.userIdA}`, s.tokenA)).json;
    return !('line2' in u.address) ? 'address.line2 absent' : null;
  },
  'user-bigint-500': async (s) => {
    const r = await get(s, `/users/${s.userIdA}`, s.tokenA);
    return r.status >= 500 ? `GET user -> ${r.status}` : null;
  },
  'user-cache-by-caller': async (s) => {
    const u2 = await secondUserOfA(s);
    await get(s, `/users/${s.userIdA}`, s.tokenA);
    const r = await get(s, `/users/${u2}`, s.tokenA);
    return r.json?.id !== u2 ? `asked ${u2}, got ${r.json?.id}` : null;
  },
  'user-args-swapped': async (s) => {
    const r = await get(s, `/users/${s.userIdA}`, s.tokenA);
    return !ok(r) ? `GET own user -> ${r.status}` : null;
  },
  'user-created-at-number': async (s) => {
    const u = (await get(s, `/users/${s.userIdA}`, s.tokenA)).json;
    return !isIso(u.created_at) ? `created_at=${JSON.stringify(u.created_at)}` : null;
  },
  'rfp-status-internal': async (s) => {
    const d = (await get(s, '/rfp_registrations', s.tokenA)).json.data;
    const x = d.find((r) => !RFP_STATUS.includes(r.status));
    return x ? `status=${x.status}` : null;
  },
  'rfp-use-case-internal': async (s) => {
    const d = (await get(s, '/rfp_registrations', s.tokenA)).json.data;
    const x = d.find((r) => !RFP_USE.includes(r.use_case));
    return x ? `use_case=${x.use_case}` : null;
  },
  'rfp-created-at-null': async (s) => {
    const d = (await get(s, '/rfp_registrations', s.tokenA)).json.data;
    const x = d.find((r) => !isIso(r.created_at));
    return x ? `created_at=${JSON.stringify(x.created_at)}` : null;
  },
  'rfp-history-duplicates': async (s) => {
    const d = (await get(s, '/rfp_registrations', s.tokenA)).json.data;
    const u = dupes(d.map((r) => r.use_case));
    return u.length ? `duplicate use_case ${u[0]}` : null;
  },
  'list-next-cursor-omitted': async (s) => {
    const r = await get(s, '/user_banks', s.tokenA);
    return !r.has('next_cursor') ? 'next_cursor absent on last page' : null;
  },
  'list-next-cursor-number': async (s) => {
    const r = await get(s, '/user_banks?limit=7', s.tokenA);
    return typeof r.json.next_cursor !== 'string' ? `next_cursor=${JSON.stringify(r.json.next_cursor)}` : null;
  },
  'rfp-no-next-cursor': async (s) => {
    const r = await get(s, '/rfp_registrations', s.tokenA);
    return !r.has('next_cursor') ? 'next_cursor absent' : null;
  },
  'create-id-mismatch': async (s) => {
    const c = await create(s, s.tokenA, newBank(s.userIdA));
    const all = await pageAll(s, s.tokenA, { limit: 100 });
    return !all.items.some((b) => b.id === c.json.id) ? 'created id not listed' : null;
  },
  'create-missing-rtp-fields': async (s) => {
    const c = await create(s, s.tokenA, newBank(s.userIdA));
    return !('is_rtp_enabled' in c.json) || !('is_rtp_rfp_enabled' in c.json) ? 'is_rtp_* missing on create' : null;
  },
  'create-links-default-user': async (s) => {
    const u2 = await secondUserOfA(s);
    const c = await create(s, s.tokenA, newBank(u2));
    return c.json.user_id !== u2 ? `asked ${u2}, linked ${c.json.user_id}` : null;
  },
  'create-created-at-epoch': async (s) => {
    const c = await create(s, s.tokenA, newBank(s.userIdA));
    return !isIso(c.json.created_at) ? `created_at=${JSON.stringify(c.json.created_at)}` : null;
  },
  'create-body-already-used': async (s) => {
    const c = await create(s, s.tokenA, newBank(s.userIdA));
    return !ok(c) ? `valid create -> ${c.status}` : null;
  },
  'create-unknown-user-500': async (s) => {
    const c = await create(s, s.tokenA, newBank('usr_does_not_exist'));
    return c.status >= 500 ? `unknown user -> ${c.status}` : null;
  },
  'create-not-listed-cache': async (s) => {
    await get(s, '/user_banks', s.tokenA);
    const c = await create(s, s.tokenA, newBank(s.userIdA));
    const l = await get(s, '/user_banks', s.tokenA);
    return !l.json.data.some((b) => b.id === c.json.id) ? 'create not listed afterwards' : null;
  },
  'page-skip-one': controlProbes['paging with limit=7 reaches every bank once'],
  'page-repeat-last': controlProbes['paging with limit=7 reaches every bank once'],
  'page-offset-cursor': controlProbes['limit changing between pages'],
  'list-hides-inactive': async (s) => {
    const all = (await get(s, '/user_banks', s.tokenA)).json.data.map((b) => b.id);
    const inactive = (await get(s, '/user_banks?status=inactive', s.tokenA)).json.data.map((b) => b.id);
    return inactive.some((id) => !all.includes(id)) ? 'status=inactive items missing from unfiltered list' : null;
  },
  'page-keyset-nonunique': controlProbes['paging with limit=7 reaches every bank once'],
  'limit-default-25': async (s) => {
    const d = await get(s, '/user_banks', s.tokenA);
    const m = await get(s, '/user_banks?limit=100', s.tokenA);
    return d.json.data.length !== m.json.data.length ? `default page ${d.json.data.length}, limit=100 page ${m.json.data.length}` : null;
  },
  'limit-max-not-enforced': async (s) => {
    await Promise.all(
      Array.from({ length: 70 }, (_, i) => create(s, s.tokenA, newBank(s.userIdA, { account_number: String(7000000000 + i) }))),
    );
    const r = await get(s, '/user_banks?limit=150', s.tokenA);
    return ok(r) && r.json.data.length > 100 ? `limit=150 -> ${r.json.data.length} items` : null;
  },
  'limit-string-concat': controlProbes['paging with limit=7 reaches every bank once'],
  'filter-status-wrong-column': async (s) => {
    const full = (await get(s, '/user_banks', s.tokenA)).json.data.filter((b) => b.status === 'active').length;
    const r = await get(s, '/user_banks?status=active', s.tokenA);
    return r.json.data.length !== full || r.json.data.some((b) => b.status !== 'active')
      ? `status=active -> ${r.json.data.length}, expected ${full}`
      : null;
  },
  'filter-lost-on-cursor': async (s) => {
    const r = await pageAll(s, s.tokenA, { status: 'inactive', limit: 3 });
    const bad = r.items.filter((b) => b.status !== 'inactive');
    return bad.length ? `${bad.length} non-inactive items on later pages` : null;
  },
  'filter-combined-else-if': async (s) => {
    const u2 = await secondUserOfA(s);
    const r = await get(s, `/user_banks?status=active&user_id=${u2}`, s.tokenA);
    const bad = r.json.data.filter((b) => b.user_id !== u2 || b.status !== 'active');
    return bad.length ? `${bad.length} items outside the user_id filter` : null;
  },
  'cursor-bigint-500': async (s) => {
    const r = await get(s, '/user_banks?limit=7', s.tokenA);
    return r.status >= 500 ? `limit=7 -> ${r.status}` : null;
  },
};

// ---------------------------------------------------------------- runner
async function withServer(startFn, fn) {
  const s = await startFn();
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}
async function runProbe(fn, s) {
  try {
    return await fn(s);
  } catch (e) {
    return `probe threw: ${e.message}`;
  }
}

const { startBun } = await import(pathToFileURL(path.join(HERE, 'lib/bun/start.mjs')).href);

if (ONLY === '--matrix') {
  // informational: which generic control probes each fault trips
  const files = fs
    .readdirSync(HERE)
    .filter((f) => /^(0[1-9]|[1-4]\d)-.*\.mjs$/.test(f))
    .sort();
  const names = Object.keys(controlProbes);
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(HERE, file)).href);
    const hits = [];
    for (const [i, n] of names.entries()) {
      const res = await withServer(mod.default, (s) => runProbe(controlProbes[n], s));
      if (res !== null) hits.push(`${i + 1}`);
    }
    console.log(`${file}: ${hits.length ? hits.join(',') : '-'}`);
  }
  console.log(names.map((n, i) => `${i + 1}=${n}`).join('\n'));
  process.exit(0);
}
let failures = 0;
const t0 = Date.now();

if (!ONLY) {
  console.log('# control (bun-sqlite) conformance probes');
  for (const [name, fn] of Object.entries(controlProbes)) {
    const res = await withServer(
      () => startBun({ fault: '' }),
      (s) => runProbe(fn, s),
    );
    console.log(`${res === null ? 'ok  ' : 'FAIL'} ${name}${res ? ': ' + res : ''}`);
    if (res !== null) failures++;
  }
}

const files = fs
  .readdirSync(HERE)
  .filter((f) => /^(0[1-9]|[1-4]\d)-.*\.mjs$/.test(f))
  .sort();
console.log(`# ${files.length} fault servers`);
const jobs = files
  .filter((f) => f.includes(ONLY))
  .map((file) => async () => {
    const mod = await import(pathToFileURL(path.join(HERE, file)).href);
    const name = file.replace(/^\d\d-/, '').replace(/\.mjs$/, '');
    const probe = faultProbes[name];
    if (mod.stack !== 'bun-sqlite') return [file, 'FAIL', 'stack export'];
    if (!probe) return [file, 'FAIL', 'no probe'];
    const onFault = await withServer(mod.default, (s) => runProbe(probe, s));
    const onControl = await withServer(
      () => startBun({ fault: '' }),
      (s) => runProbe(probe, s),
    );
    if (onFault === null) return [file, 'FAIL', 'defect not shown'];
    if (onControl !== null) return [file, 'FAIL', `probe fails on control: ${onControl}`];
    return [file, 'ok', onFault];
  });
const results = [];
let next = 0;
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      try {
        results.push(await job());
      } catch (e) {
        results.push(['?', 'FAIL', e.message]);
      }
    }
  }),
);
results.sort((a, b) => a[0].localeCompare(b[0]));
for (const [file, st, msg] of results) {
  console.log(`${st === 'ok' ? 'ok  ' : 'FAIL'} ${file}: ${msg}`);
  if (st !== 'ok') failures++;
}
console.log(
  `# ${results.filter((r) => r[1] === 'ok').length}/${results.length} faults shown, ${failures} failure(s), ${((Date.now() - t0) / 1000).toFixed(1)} s`,
);
process.exit(failures ? 1 : 0);
