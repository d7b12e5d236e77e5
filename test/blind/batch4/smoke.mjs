// Smoke check for batch4: controls must pass every probe; each faulty server must trip its own probe.
// Run from the repository root: node test/blind/batch4/smoke.mjs
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const DIR = path.dirname(fileURLToPath(import.meta.url));

class ProbeFail extends Error {}
const must = (cond, msg) => {
  if (!cond) throw new ProbeFail(msg);
};

async function call(s, method, p, { token, auth, body, raw, headers = {} } = {}) {
  const h = { ...headers };
  if (auth !== undefined) h.authorization = auth;
  else if (token !== undefined) h.authorization = `Bearer ${token}`;
  let payload;
  if (raw !== undefined) {
    payload = raw;
    if (!('content-type' in h)) h['content-type'] = 'application/json';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] = 'application/json';
  }
  const r = await fetch(s.baseUrl + p, { method, headers: h, body: payload });
  const text = await r.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: r.status, json, text };
}
const is2xx = (r) => r.status >= 200 && r.status < 300;
const is4xx = (r) => r.status >= 400 && r.status < 500;
const no5xx = (r, what) => must(r.status < 500, `${what}: got ${r.status}`);

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const isIso = (v) => typeof v === 'string' && ISO_RE.test(v) && !Number.isNaN(Date.parse(v));
const isStr = (v) => typeof v === 'string';

function checkBank(b, where) {
  must(b && typeof b === 'object' && !Array.isArray(b), `${where}: bank not an object`);
  for (const k of [
    'id',
    'user_id',
    'account_number',
    'routing_number',
    'account_holder_type',
    'bank_account_type',
    'status',
    'verification_status',
  ]) {
    must(isStr(b[k]), `${where}: ${k} not a string (${JSON.stringify(b[k])})`);
  }
  must(isIso(b.created_at), `${where}: created_at not ISO 8601 (${JSON.stringify(b.created_at)})`);
  must(typeof b.is_rtp_enabled === 'boolean', `${where}: is_rtp_enabled not boolean (${JSON.stringify(b.is_rtp_enabled)})`);
  must(typeof b.is_rtp_rfp_enabled === 'boolean', `${where}: is_rtp_rfp_enabled not boolean (${JSON.stringify(b.is_rtp_rfp_enabled)})`);
}
function checkUser(u, where) {
  must(u && typeof u === 'object' && !Array.isArray(u), `${where}: user not an object`);
  for (const k of ['id', 'first_name', 'last_name', 'email', 'phone', 'ssn', 'status']) must(isStr(u[k]), `${where}: ${k} not a string`);
  must(/^\d+$/.test(u.phone) && /^\d+$/.test(u.ssn), `${where}: phone/ssn not digits`);
  must(isIso(u.created_at), `${where}: created_at not ISO 8601 (${JSON.stringify(u.created_at)})`);
  const d = u.date_of_birth;
  must(d && typeof d === 'object', `${where}: date_of_birth not an object`);
  for (const k of ['date', 'month', 'year'])
    must(typeof d[k] === 'number', `${where}: date_of_birth.${k} not a number (${JSON.stringify(d[k])})`);
  must(d.month >= 1 && d.month <= 12, `${where}: month ${d.month} not a month of year`);
  must(d.date >= 1 && d.date <= 31, `${where}: date ${d.date} not a day of month`);
  const a = u.address;
  must(a && typeof a === 'object', `${where}: address not an object`);
  for (const k of ['line1', 'city', 'state', 'zip']) must(isStr(a[k]), `${where}: address.${k} not a string`);
  must('line2' in a && (a.line2 === null || isStr(a.line2)), `${where}: address.line2 missing or not string/null`);
}
const RFP_STATUS = ['pending', 'active', 'inactive'];
const RFP_USE = ['account_to_account', 'business_to_business', 'bill_pay'];
function checkRfp(r, where) {
  must(r && typeof r === 'object', `${where}: not an object`);
  must(isStr(r.id), `${where}: id not a string`);
  must(isIso(r.created_at), `${where}: created_at not ISO 8601 (${JSON.stringify(r.created_at)})`);
  must(RFP_STATUS.includes(r.status), `${where}: status ${JSON.stringify(r.status)} not in enum`);
  must(RFP_USE.includes(r.use_case), `${where}: use_case ${JSON.stringify(r.use_case)} not in enum`);
}
function checkEnvelope(r, where) {
  must(r.status === 200, `${where}: status ${r.status}`);
  must(r.json && typeof r.json === 'object' && Array.isArray(r.json.data), `${where}: no data array`);
  must(
    'next_cursor' in r.json && (r.json.next_cursor === null || isStr(r.json.next_cursor)),
    `${where}: next_cursor missing or wrong type`,
  );
}

// Follow cursors; returns all items. Every page must be a valid envelope within the limit.
async function walk(s, token, query = {}, maxPages = 300) {
  const items = [];
  const seen = new Set();
  let cursor;
  for (let i = 0; i < maxPages; i++) {
    const qs = new URLSearchParams({ ...query, ...(cursor !== undefined ? { cursor } : {}) }).toString();
    const r = await call(s, 'GET', `/user_banks${qs ? '?' + qs : ''}`, { token });
    checkEnvelope(r, `GET /user_banks?${qs}`);
    const lim = query.limit ? Number(query.limit) : 100;
    must(r.json.data.length <= lim, `page of ${r.json.data.length} items for limit ${lim}`);
    for (const x of r.json.data) {
      must(!seen.has(x?.id), `id ${x?.id} repeated across pages (${qs})`);
      seen.add(x?.id);
    }
    items.push(...r.json.data);
    if (r.json.next_cursor === null) return items;
    cursor = r.json.next_cursor;
  }
  throw new ProbeFail('pagination did not end');
}
const ids = (xs) => xs.map((x) => x.id);
const noDup = (xs, where) => must(new Set(ids(xs)).size === xs.length, `${where}: repeated ids`);
const sameSet = (a, b, where) => {
  const A = new Set(ids(a));
  const B = new Set(ids(b));
  must(A.size === B.size && [...A].every((x) => B.has(x)), `${where}: sets differ (${A.size} vs ${B.size})`);
};
async function full(s, token) {
  const all = await walk(s, token, { limit: '100' });
  noDup(all, 'full list');
  return all;
}
async function pagingExact(s, token, limits, extra = {}, keep = () => true) {
  const everything = await full(s, token);
  const expected = everything.filter(keep);
  for (const limit of limits) {
    const got = await walk(s, token, { ...extra, limit: String(limit) });
    noDup(got, `walk limit=${limit} ${JSON.stringify(extra)}`);
    sameSet(got, expected, `walk limit=${limit} ${JSON.stringify(extra)}`);
  }
}
const bankBody = (userId, over = {}) => ({
  user_id: userId,
  account_number: '000123456789',
  routing_number: '021000021',
  account_holder_type: 'individual',
  bank_account_type: 'checking',
  ...over,
});
async function create(s, token, body) {
  return call(s, 'POST', '/user_banks', { token, body });
}
const wrongToken = (t) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A');
async function usersOf(s, token) {
  return [...new Set((await full(s, token)).map((b) => b.user_id))];
}

// ---------------- probes named after the faulty server they target ----------------
const asGiven = async (s) => {
  for (const body of [bankBody(s.userIdA), bankBody(s.userIdA, { account_number: '9876543210', routing_number: '111000025' })]) {
    const r = await create(s, s.tokenA, body);
    must(is2xx(r), `create: ${r.status}`);
    checkBank(r.json, 'create response');
    must(
      r.json.account_number === body.account_number && r.json.routing_number === body.routing_number,
      `not returned as given: ${r.json.account_number}/${r.json.routing_number}`,
    );
    const listed = (await full(s, s.tokenA)).find((b) => b.id === r.json.id);
    must(listed, 'created bank not listed');
    must(
      listed.account_number === body.account_number && listed.routing_number === body.routing_number,
      `listed not as given: ${JSON.stringify(listed.account_number)}/${JSON.stringify(listed.routing_number)}`,
    );
  }
};
const probes = {
  'auth-rfp-outside-scope': async (s) => {
    for (const o of [{}, { token: wrongToken(s.tokenA) }]) {
      const r = await call(s, 'GET', '/rfp_registrations', o);
      must(is4xx(r), `GET /rfp_registrations without valid token: ${r.status}`);
    }
  },
  'auth-token-prefix': async (s) => {
    for (const t of [wrongToken(s.tokenA), s.tokenA + 'x', wrongToken(s.tokenB)]) {
      const r = await call(s, 'GET', '/user_banks', { token: t });
      must(is4xx(r), `altered token accepted: ${r.status}`);
    }
  },
  'auth-missing-header-demo': async (s) => {
    for (const p of ['/user_banks', '/rfp_registrations', `/users/${s.userIdA}`]) {
      const r = await call(s, 'GET', p);
      must(is4xx(r), `GET ${p} without Authorization: ${r.status}`);
    }
  },
  'auth-create-before-middleware': async (s) => {
    for (const o of [{}, { token: wrongToken(s.tokenA) }]) {
      const r = await call(s, 'POST', '/user_banks', { ...o, body: bankBody(s.userIdA) });
      must(is4xx(r), `POST without valid token: ${r.status}`);
    }
  },
  'users-cache-before-auth': async (s) => {
    const ok = await call(s, 'GET', `/users/${s.userIdA}`, { token: s.tokenA });
    must(ok.status === 200, `own user: ${ok.status}`);
    for (const o of [{}, { token: wrongToken(s.tokenA) }, { token: s.tokenB }]) {
      const r = await call(s, 'GET', `/users/${s.userIdA}`, o);
      must(is4xx(r), `GET /users/{A} with ${JSON.stringify(Object.keys(o))} after a valid call: ${r.status}`);
    }
  },
  'session-tenant-race': async (s) => {
    const own = { A: new Set(ids(await full(s, s.tokenA))), B: new Set(ids(await full(s, s.tokenB))) };
    const rfp = {
      A: new Set(ids((await call(s, 'GET', '/rfp_registrations', { token: s.tokenA })).json.data)),
      B: new Set(ids((await call(s, 'GET', '/rfp_registrations', { token: s.tokenB })).json.data)),
    };
    for (let round = 0; round < 15; round++) {
      const reqs = [];
      for (const who of ['A', 'B', 'A', 'B']) {
        const token = who === 'A' ? s.tokenA : s.tokenB;
        reqs.push(call(s, 'GET', '/user_banks', { token }).then((r) => ({ who, kind: 'banks', r })));
        reqs.push(call(s, 'GET', '/rfp_registrations', { token }).then((r) => ({ who, kind: 'rfp', r })));
      }
      for (const { who, kind, r } of await Promise.all(reqs)) {
        must(r.status === 200, `concurrent ${kind}: ${r.status}`);
        const set = kind === 'banks' ? own[who] : rfp[who];
        must(
          r.json.data.every((x) => set.has(x.id)),
          `concurrent ${kind} for ${who} returned another caller's items`,
        );
      }
    }
  },
  'schema-drops-rfp-flag': async (s) => {
    const r = await call(s, 'GET', '/user_banks?limit=10', { token: s.tokenA });
    checkEnvelope(r, 'list');
    r.json.data.forEach((b, i) => checkBank(b, `list item ${i}`));
    const c = await create(s, s.tokenA, bankBody(s.userIdA));
    must(is2xx(c), `create ${c.status}`);
    checkBank(c.json, 'create response');
  },
  'bools-raw-in-list': async (s) => {
    for (const t of [s.tokenA, s.tokenB]) (await full(s, t)).forEach((b, i) => checkBank(b, `list item ${i}`));
  },
  'id-second-collision': async (s) => {
    const made = [];
    for (let i = 0; i < 3; i++) {
      const r = await create(s, s.tokenA, bankBody(s.userIdA, { account_number: `55500${i}` }));
      must(is2xx(r), `create ${r.status}`);
      made.push(r.json.id);
    }
    must(new Set(made).size === 3, `created banks share ids: ${made.join(',')}`);
    noDup(await full(s, s.tokenA), 'list after creates');
  },
  'rfp-flag-null-on-create': async (s) => {
    const r = await create(s, s.tokenA, bankBody(s.userIdA));
    must(is2xx(r), `create ${r.status}`);
    checkBank(r.json, 'create response');
  },
  'created-at-sqlite-datetime': async (s) => {
    const r = await create(s, s.tokenB, bankBody(s.userIdB));
    must(is2xx(r), `create ${r.status}`);
    checkBank(r.json, 'create response');
  },
  'routing-number-integer': asGiven,
  'account-number-numeric-affinity': asGiven,
  'varchar-account-500': async (s) => {
    const body = bankBody(s.userIdA, { account_number: '1234567890'.repeat(4) });
    const r = await create(s, s.tokenA, body);
    no5xx(r, 'create with a 40-digit account_number');
    if (is2xx(r)) must(r.json.account_number === body.account_number, 'long account_number not returned as given');
  },
  'create-foreign-user': async (s) => {
    const before = (await full(s, s.tokenA)).length;
    const r = await create(s, s.tokenA, bankBody(s.userIdB));
    must(is4xx(r), `A linking a bank to B's user: ${r.status}`);
    must((await full(s, s.tokenA)).length === before, 'something was created');
  },
  'create-orphan-no-tx': async (s) => {
    const before = (await full(s, s.tokenA)).length;
    for (const uid of ['usr_does_not_exist', s.userIdB]) {
      const r = await create(s, s.tokenA, bankBody(uid));
      must(is4xx(r), `create for ${uid}: ${r.status}`);
    }
    const after = await full(s, s.tokenA);
    must(after.length === before, `rejected creates left ${after.length - before} banks behind`);
  },
  'create-camelcase-user-id': async (s) => {
    for (const uid of await usersOf(s, s.tokenA)) {
      const r = await create(s, s.tokenA, bankBody(uid));
      must(is2xx(r), `create ${r.status}`);
      must(r.json.user_id === uid, `created for ${uid} but linked to ${r.json.user_id}`);
      const l = await walk(s, s.tokenA, { user_id: uid });
      must(
        l.some((b) => b.id === r.json.id),
        'created bank not listed under its user',
      );
    }
  },
  'null-body-500': async (s) => {
    for (const raw of ['null', '[]', '5', '"text"', 'true', '[{}]']) {
      const r = await call(s, 'POST', '/user_banks', { token: s.tokenA, raw });
      must(is4xx(r), `POST body ${raw}: ${r.status}`);
    }
  },
  'malformed-json-500': async (s) => {
    for (const raw of ['{"user_id":', '{user_id: 1}', "{'a':1}", '{"a":1}}', '\u0000']) {
      const r = await call(s, 'POST', '/user_banks', { token: s.tokenA, raw });
      must(is4xx(r), `POST malformed ${JSON.stringify(raw)}: ${r.status}`);
    }
  },
  'list-cache-stale': async (s) => {
    await call(s, 'GET', '/user_banks', { token: s.tokenA });
    await call(s, 'GET', `/user_banks?user_id=${s.userIdA}`, { token: s.tokenA });
    const c = await create(s, s.tokenA, bankBody(s.userIdA));
    must(is2xx(c), `create ${c.status}`);
    for (const p of ['/user_banks', `/user_banks?user_id=${s.userIdA}`]) {
      const r = await call(s, 'GET', p, { token: s.tokenA });
      checkEnvelope(r, p);
      must(
        r.json.data.some((b) => b.id === c.json.id),
        `created bank missing from GET ${p}`,
      );
    }
  },
  'user-created-at-epoch': async (s) => {
    for (const [t, u] of [
      [s.tokenA, s.userIdA],
      [s.tokenB, s.userIdB],
    ]) {
      const r = await call(s, 'GET', `/users/${u}`, { token: t });
      must(r.status === 200, `GET user ${r.status}`);
      checkUser(r.json, 'user');
      must(r.json.id === u, 'wrong user');
    }
  },
  'dob-month-zero-based': async (s) => {
    for (const [t, list] of [
      [s.tokenA, await usersOf(s, s.tokenA)],
      [s.tokenB, await usersOf(s, s.tokenB)],
    ]) {
      for (const u of list) {
        const r = await call(s, 'GET', `/users/${u}`, { token: t });
        must(r.status === 200, `GET user ${r.status}`);
        checkUser(r.json, `user ${u}`);
      }
    }
  },
  'dob-string-parts': async (s) => {
    const r = await call(s, 'GET', `/users/${s.userIdA}`, { token: s.tokenA });
    must(r.status === 200, `GET user ${r.status}`);
    checkUser(r.json, 'user A');
  },
  'line2-omitted-when-null': async (s) => {
    for (const u of await usersOf(s, s.tokenA)) {
      const r = await call(s, 'GET', `/users/${u}`, { token: s.tokenA });
      checkUser(r.json, `user ${u}`);
    }
  },
  'user-no-tenant': async (s) => {
    const r1 = await call(s, 'GET', `/users/${s.userIdA}`, { token: s.tokenB });
    must(is4xx(r1), `B reading A's user: ${r1.status}`);
    const r2 = await call(s, 'GET', `/users/${s.userIdB}`, { token: s.tokenA });
    must(is4xx(r2), `A reading B's user: ${r2.status}`);
  },
  'user-unknown-200-empty': async (s) => {
    for (const u of ['usr_00000000000000000000', 'nope', s.userIdA + 'x']) {
      const r = await call(s, 'GET', `/users/${u}`, { token: s.tokenA });
      must(is4xx(r) || (r.status === 200 && r.json && r.json.id === u), `GET /users/${u}: ${r.status} ${r.text.slice(0, 40)}`);
    }
  },
  'user-sql-concat-500': async (s) => {
    for (const u of ["abc'def", "x'%20or%20'1'%3D'1", 'a%22b', "O'Brien"]) {
      const r = await call(s, 'GET', `/users/${u}`, { token: s.tokenA });
      must(is4xx(r), `GET /users/${u}: ${r.status}`);
    }
  },
  'status-filter-like': async (s) => {
    const all = await full(s, s.tokenA);
    for (const st of [...new Set(all.map((b) => b.status))]) {
      const got = await walk(s, s.tokenA, { status: st });
      must(
        got.every((b) => b.status === st),
        `status=${st} kept other statuses`,
      );
      sameSet(
        got,
        all.filter((b) => b.status === st),
        `status=${st}`,
      );
    }
  },
  'status-filter-unmapped': async (s) => {
    for (const t of [s.tokenA, s.tokenB]) {
      const all = await full(s, t);
      for (const st of [...new Set(all.map((b) => b.status))]) {
        const got = await walk(s, t, { status: st });
        must(
          got.every((b) => b.status === st),
          `status=${st} kept other statuses`,
        );
      }
    }
  },
  'status-filter-lost-next-page': async (s) => {
    const all = await full(s, s.tokenA);
    for (const st of [...new Set(all.map((b) => b.status))]) {
      await pagingExact(s, s.tokenA, [3, 4], { status: st }, (b) => b.status === st);
    }
  },
  'user-filter-else-if': async (s) => {
    for (const u of await usersOf(s, s.tokenA)) {
      const got = await walk(s, s.tokenA, { status: 'active', user_id: u });
      must(
        got.every((b) => b.status === 'active' && b.user_id === u),
        `status+user_id filter kept non-matching items`,
      );
    }
  },
  'user-filter-no-tenant': async (s) => {
    const r1 = await call(s, 'GET', `/user_banks?user_id=${s.userIdA}`, { token: s.tokenB });
    must(
      is4xx(r1) || (r1.status === 200 && r1.json.data.length === 0),
      `B listing with A's user_id: ${r1.status}, ${r1.json?.data?.length} items`,
    );
    const r2 = await call(s, 'GET', `/user_banks?user_id=${s.userIdB}`, { token: s.tokenA });
    must(
      is4xx(r2) || (r2.status === 200 && r2.json.data.length === 0),
      `A listing with B's user_id: ${r2.status}, ${r2.json?.data?.length} items`,
    );
  },
  'keyset-created-at-only': async (s) => {
    await pagingExact(s, s.tokenA, [1, 2, 4]);
  },
  'cursor-epoch-seconds': async (s) => {
    for (let i = 0; i < 3; i++) must(is2xx(await create(s, s.tokenA, bankBody(s.userIdA))), 'create');
    await pagingExact(s, s.tokenA, [1, 2]);
  },
  'cursor-gte-repeats': async (s) => {
    await pagingExact(s, s.tokenA, [5, 10]);
  },
  'cursor-from-peeked-row': async (s) => {
    await pagingExact(s, s.tokenB, [2]);
    await pagingExact(s, s.tokenA, [7]);
  },
  'cursor-continuation-no-tenant': async (s) => {
    await pagingExact(s, s.tokenA, [7]);
    await pagingExact(s, s.tokenB, [2]);
  },
  'limit-plus-one': async (s) => {
    for (const l of [1, 5, 10]) {
      const r = await call(s, 'GET', `/user_banks?limit=${l}`, { token: s.tokenA });
      checkEnvelope(r, `limit=${l}`);
      must(r.json.data.length === l, `limit=${l} returned ${r.json.data.length}`);
    }
  },
  'limit-max-50': async (s) => {
    const total = (await full(s, s.tokenA)).length;
    for (const l of [51, 75, 100]) {
      const r = await call(s, 'GET', `/user_banks?limit=${l}`, { token: s.tokenA });
      checkEnvelope(r, `limit=${l}`);
      must(r.json.data.length === Math.min(l, total), `limit=${l} returned ${r.json.data.length}`);
    }
  },
  'limit-default-25': async (s) => {
    const total = (await full(s, s.tokenA)).length;
    const r = await call(s, 'GET', '/user_banks', { token: s.tokenA });
    checkEnvelope(r, 'no limit');
    must(r.json.data.length === Math.min(100, total), `default page held ${r.json.data.length} of ${total}`);
  },
  'limit-string-compare': async (s) => {
    const total = (await full(s, s.tokenA)).length;
    for (const l of [1, 2, 9, 10, 30, 50, 99, 100]) {
      const r = await call(s, 'GET', `/user_banks?limit=${l}`, { token: s.tokenA });
      checkEnvelope(r, `limit=${l}`);
      must(r.json.data.length === Math.min(l, total), `limit=${l} returned ${r.json.data.length}`);
    }
  },
  'next-cursor-empty-string': async (s) => {
    await walk(s, s.tokenA, { limit: '10' });
    await walk(s, s.tokenB, {});
  },
  'rfp-envelope-no-cursor': async (s) => {
    for (const t of [s.tokenA, s.tokenB]) checkEnvelope(await call(s, 'GET', '/rfp_registrations', { token: t }), 'rfp list');
  },
  'rfp-internal-use-case': async (s) => {
    for (const t of [s.tokenA, s.tokenB]) {
      const r = await call(s, 'GET', '/rfp_registrations', { token: t });
      checkEnvelope(r, 'rfp list');
      r.json.data.forEach((x, i) => checkRfp(x, `rfp ${i}`));
    }
  },
  'rfp-history-join': async (s) => {
    for (const t of [s.tokenA, s.tokenB]) {
      const r = await call(s, 'GET', '/rfp_registrations', { token: t });
      checkEnvelope(r, 'rfp list');
      noDup(r.json.data, 'rfp list');
      must(new Set(r.json.data.map((x) => x.use_case)).size === r.json.data.length, 'use case listed twice');
    }
  },
  'rfp-created-at-null': async (s) => {
    for (const t of [s.tokenA, s.tokenB]) {
      const r = await call(s, 'GET', '/rfp_registrations', { token: t });
      r.json.data.forEach((x, i) => checkRfp(x, `rfp ${i}`));
    }
  },
  'rfp-cache-by-url': async (s) => {
    const a = await call(s, 'GET', '/rfp_registrations', { token: s.tokenA });
    const b = await call(s, 'GET', '/rfp_registrations', { token: s.tokenB });
    checkEnvelope(a, 'A rfp');
    checkEnvelope(b, 'B rfp');
    const A = new Set(ids(a.json.data));
    must(
      b.json.data.every((x) => !A.has(x.id)),
      "B's registration list holds A's registrations",
    );
  },
};

// ---------------- base conformance probes (controls only) ----------------
const baseProbes = {
  'auth on all four operations': async (s) => {
    const ops = [
      ['GET', '/user_banks'],
      ['POST', '/user_banks'],
      ['GET', '/rfp_registrations'],
      ['GET', `/users/${s.userIdA}`],
    ];
    const bad = [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      `Basic ${s.tokenA}`,
      s.tokenA,
      `Bearer ${wrongToken(s.tokenA)}`,
      'Bearer x',
      `Bearer ${s.tokenA} extra`,
    ];
    for (const [m, p] of ops) {
      for (const auth of bad) {
        const r = await call(s, m, p, { auth, body: m === 'POST' ? bankBody(s.userIdA) : undefined });
        must(r.status === 401, `${m} ${p} with Authorization=${JSON.stringify(auth)?.slice(0, 20)}: ${r.status}`);
      }
      const ok = await call(s, m, p, { token: s.tokenA, body: m === 'POST' ? bankBody(s.userIdA) : undefined });
      must(is2xx(ok), `${m} ${p} with valid token: ${ok.status}`);
    }
  },
  'list envelope, defaults and isolation': async (s) => {
    const a = await full(s, s.tokenA);
    const b = await full(s, s.tokenB);
    must(a.length >= 30 && b.length >= 3, 'seed too small');
    const A = new Set(ids(a));
    must(
      b.every((x) => !A.has(x.id)),
      'callers share banks',
    );
    [...a, ...b].forEach((x, i) => checkBank(x, `bank ${i}`));
    const d = await call(s, 'GET', '/user_banks', { token: s.tokenA });
    checkEnvelope(d, 'default list');
    must(d.json.data.length === Math.min(100, a.length) && (a.length > 100 || d.json.next_cursor === null), 'default page');
    must(new Set(a.map((x) => x.status)).size >= 3, 'seed statuses');
  },
  'limit range': async (s) => {
    for (const l of ['0', '101', '-1', 'abc', '1.5', '', '1e2', '100000000000000000000', ' 5', '0x10']) {
      const r = await call(s, 'GET', `/user_banks?limit=${encodeURIComponent(l)}`, { token: s.tokenA });
      must(r.status === 400, `limit=${JSON.stringify(l)}: ${r.status}`);
    }
    const total = (await full(s, s.tokenA)).length;
    for (const l of ['1', '100', '050']) {
      const r = await call(s, 'GET', `/user_banks?limit=${l}`, { token: s.tokenA });
      checkEnvelope(r, `limit=${l}`);
      must(r.json.data.length === Math.min(Number(l), total), `limit=${l} size ${r.json.data.length}`);
    }
  },
  'pagination exact for many limits and filters': async (s) => {
    await pagingExact(s, s.tokenA, [1, 3, 6, 13, 35, 99]);
    await pagingExact(s, s.tokenB, [1, 4]);
    for (const u of await usersOf(s, s.tokenA)) {
      await pagingExact(s, s.tokenA, [2, 100], { user_id: u }, (b) => b.user_id === u);
      await pagingExact(s, s.tokenA, [3], { user_id: u, status: 'inactive' }, (b) => b.user_id === u && b.status === 'inactive');
    }
    for (const v of ['nonexistent', 'ACTIVE', 'activ', '']) {
      const r = await walk(s, s.tokenA, { status: v });
      must(r.length === 0, `status=${JSON.stringify(v)} kept ${r.length}`);
    }
    const r = await walk(s, s.tokenA, { user_id: 'usr_nobody' });
    must(r.length === 0, 'unknown user_id kept items');
  },
  'create and list': async (s) => {
    const body = bankBody(s.userIdB, {
      account_number: ' 00 12-34 ',
      routing_number: '0000000001',
      account_holder_type: 'individual',
      bank_account_type: 'checking',
    });
    const r = await create(s, s.tokenB, body);
    must(r.status === 201, `create ${r.status}`);
    checkBank(r.json, 'create response');
    for (const k of Object.keys(body)) must(r.json[k] === body[k], `${k} not returned as given`);
    const l = await full(s, s.tokenB);
    const listed = l.find((x) => x.id === r.json.id);
    must(listed && JSON.stringify(listed) === JSON.stringify(r.json), 'listed bank differs from created one');
    must(
      (await full(s, s.tokenA)).every((x) => x.id !== r.json.id),
      "B's bank visible to A",
    );
  },
  'invalid creates create nothing': async (s) => {
    const before = (await full(s, s.tokenA)).length;
    const good = bankBody(s.userIdA);
    const bads = [];
    for (const k of Object.keys(good)) {
      const { [k]: _, ...missing } = good;
      bads.push(missing);
      for (const v of [123, null, true, [], {}, '']) bads.push({ ...good, [k]: v });
    }
    bads.push({ ...good, user_id: 'usr_nobody' }, { ...good, user_id: s.userIdB }, {});
    for (const body of bads) {
      const r = await create(s, s.tokenA, body);
      must(r.status === 400, `bad body ${JSON.stringify(body).slice(0, 80)}: ${r.status}`);
    }
    for (const [raw, ct] of [
      ['{}', 'text/plain'],
      ['', 'application/json'],
      ['{"a":', 'application/json'],
      ['null', 'application/json'],
    ]) {
      const r = await call(s, 'POST', '/user_banks', { token: s.tokenA, raw, headers: { 'content-type': ct } });
      must(is4xx(r), `raw ${JSON.stringify(raw)} as ${ct}: ${r.status}`);
    }
    must((await full(s, s.tokenA)).length === before, 'invalid requests created banks');
  },
  users: async (s) => {
    for (const [t, u] of [
      [s.tokenA, s.userIdA],
      [s.tokenB, s.userIdB],
    ]) {
      const r = await call(s, 'GET', `/users/${u}`, { token: t });
      must(r.status === 200 && r.json.id === u, `own user ${r.status}`);
      checkUser(r.json, 'user');
    }
    for (const [t, u] of [
      [s.tokenA, s.userIdB],
      [s.tokenB, s.userIdA],
      [s.tokenA, 'usr_nobody'],
      [s.tokenA, s.userIdA.toUpperCase()],
    ]) {
      const r = await call(s, 'GET', `/users/${u}`, { token: t });
      must(r.status === 404, `GET /users/${u}: ${r.status}`);
    }
  },
  'rfp registrations': async (s) => {
    const a = await call(s, 'GET', '/rfp_registrations', { token: s.tokenA });
    const b = await call(s, 'GET', '/rfp_registrations?limit=1&cursor=zzz', { token: s.tokenB });
    for (const [r, n] of [
      [a, 3],
      [b, 2],
    ]) {
      checkEnvelope(r, 'rfp');
      must(r.json.data.length === n && r.json.next_cursor === null, `rfp count ${r.json.data.length}`);
      r.json.data.forEach((x, i) => checkRfp(x, `rfp ${i}`));
      must(new Set(r.json.data.map((x) => x.use_case)).size === n, 'duplicate use case');
    }
    const A = new Set(ids(a.json.data));
    must(
      b.json.data.every((x) => !A.has(x.id)),
      'shared registrations',
    );
  },
  'never 5xx on odd requests': async (s) => {
    const t = s.tokenA;
    const long = 'x'.repeat(6000);
    const gets = [
      '/',
      '/nope',
      '/user_banks/',
      '/user_banks/123',
      '/users',
      '/users/',
      `/users/${long}`,
      '/users/%ZZ',
      '/users/%00',
      '/users/%F0%9F%98%80',
      '/users/a%2Fb',
      '/user_banks?limit=5&limit=6',
      '/user_banks?status=a&status=b',
      `/user_banks?status=${long}`,
      `/user_banks?user_id=${long}`,
      `/user_banks?cursor=${long}`,
      '/user_banks?cursor=',
      '/user_banks?cursor=%00',
      '/user_banks?cursor=eyJ9',
      '/user_banks?cursor=eyJ0IjoxfQ',
      '/user_banks?cursor=bnVsbA',
      '/user_banks?cursor=W10',
      '/user_banks?status=%00',
      '/user_banks?status=%ED%A0%80',
      '/user_banks?%=1&=&&a[b]=1&limit[]=5',
      '/user_banks?user_id[]=1',
      '/user_banks?limit=%F0%9F%98%80',
      '/rfp_registrations?limit=0&cursor=x',
      '/rfp_registrations/x',
      '/user_banks?status[a]=b',
    ];
    for (const p of gets) no5xx(await call(s, 'GET', p, { token: t }), `GET ${p.slice(0, 60)}`);
    for (const [m, p] of [
      ['PUT', '/user_banks'],
      ['DELETE', '/user_banks'],
      ['PATCH', `/users/${s.userIdA}`],
      ['POST', '/rfp_registrations'],
      ['POST', `/users/${s.userIdA}`],
      ['DELETE', '/nope'],
    ]) {
      no5xx(await call(s, m, p, { token: t, raw: '{}' }), `${m} ${p}`);
    }
    const raws = [
      'null',
      '[]',
      '5',
      '"s"',
      'true',
      '{',
      '{"user_id":',
      '\uFEFF{}',
      '{"user_id":"\\ud800","account_number":"1","routing_number":"1","account_holder_type":"i","bank_account_type":"c"}',
      JSON.stringify(bankBody(s.userIdA, { account_number: 'a\u0000b' })),
      JSON.stringify(bankBody(s.userIdA, { account_number: long })),
      JSON.stringify(bankBody(long)),
      JSON.stringify({ ...bankBody(s.userIdA), __proto__: { x: 1 } }),
      '{"__proto__":{"user_id":"x"}}',
      JSON.stringify([bankBody(s.userIdA)]),
      '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
      JSON.stringify({ a: 'y'.repeat(2_000_000) }),
    ];
    for (const raw of raws) no5xx(await call(s, 'POST', '/user_banks', { token: t, raw }), `POST ${raw.slice(0, 40)}`);
    no5xx(
      await call(s, 'POST', '/user_banks', { token: t, raw: '{}', headers: { 'content-type': 'application/json; charset=latin1' } }),
      'odd charset',
    );
    no5xx(
      await call(s, 'POST', '/user_banks', { token: t, raw: '{}', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      'form body',
    );
    no5xx(await call(s, 'GET', '/user_banks', { auth: 'Bearer ' + long }), 'long token');
  },
};

// ---------------- runner ----------------
async function runProbe(s, fn) {
  try {
    await fn(s);
    return { ok: true };
  } catch (e) {
    return { ok: false, why: e instanceof ProbeFail ? e.message : `error: ${e.message}` };
  }
}
// ONLY=a.mjs,b.mjs restricts the run to some servers (default: all)
const files = readdirSync(DIR)
  .filter((f) => /^(_control-.*|\d\d-.*)\.mjs$/.test(f))
  .sort()
  .filter((f) => !process.env.ONLY || process.env.ONLY.split(',').includes(f));
let failures = 0;
const t0 = Date.now();
const checkShape = (mod, s, f) => {
  must(['fastify-pg', 'express-sqlite'].includes(mod.stack), `${f}: bad stack export`);
  must(/^http:\/\/127\.0\.0\.1:\d+$/.test(s.baseUrl), `${f}: bad baseUrl`);
  must(s.tokenA.length >= 20 && s.tokenB.length >= 20 && s.tokenA !== s.tokenB, `${f}: bad tokens`);
  must(isStr(s.userIdA) && isStr(s.userIdB) && typeof s.close === 'function', `${f}: bad start() result`);
};
for (const f of files) {
  const mod = await import(pathToFileURL(path.join(DIR, f)).href);
  const started = Date.now();
  const s = await mod.default();
  let line;
  try {
    checkShape(mod, s, f);
    if (f.startsWith('_control-')) {
      const bad = [];
      for (const [name, fn] of Object.entries(baseProbes)) {
        const r = await runProbe(s, fn);
        if (!r.ok) bad.push(`base:${name}: ${r.why}`);
      }
      for (const [name, fn] of Object.entries(probes)) {
        const r = await runProbe(s, fn);
        if (!r.ok) bad.push(`probe ${name}: ${r.why}`);
      }
      if (bad.length) {
        failures++;
        line = `FAIL ${f}: control tripped ${bad.length} probe(s)\n    ${bad.join('\n    ')}`;
      } else
        line = `ok   ${f} (${mod.stack}): ${Object.keys(baseProbes).length} base probes + ${Object.keys(probes).length} fault probes pass`;
    } else {
      const slug = f.replace(/^\d\d-/, '').replace(/\.mjs$/, '');
      const fn = probes[slug];
      if (!fn) {
        failures++;
        line = `FAIL ${f}: no probe named ${slug}`;
      } else {
        const r = await runProbe(s, fn);
        if (r.ok) {
          failures++;
          line = `FAIL ${f} (${mod.stack}): defect NOT observed`;
        } else line = `ok   ${f} (${mod.stack}): defect observed -> ${r.why}`;
      }
    }
  } catch (e) {
    failures++;
    line = `FAIL ${f}: ${e.message}`;
  } finally {
    await s.close();
  }
  console.log(`${line} [${Date.now() - started} ms]`);
}
console.log(`\n${files.length} servers, ${failures} mismatch(es), ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exit(failures ? 1 : 0);
