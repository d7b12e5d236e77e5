// Smoke check: start the control and every numbered server in turn, make a handful of requests
// with both tokens, check the control against the spec, run each defect's own probe against the
// control (must stay quiet) and against its server (must fire), then close. Run from /work/main:
//   node test/blind/batch3/smoke.mjs
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const hardStop = setTimeout(() => {
  console.error('smoke: global timeout');
  process.exit(2);
}, 110000);
hardStop.unref();

const withTimeout = (p, ms, what) =>
  Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error(`timeout: ${what}`)), ms).unref())]);

function client(s) {
  return async function req(method, path, { token, body, headers = {}, raw } = {}) {
    const h = { ...headers };
    if (token !== undefined) h.authorization = raw ? token : `Bearer ${token}`;
    if (body !== undefined) h['content-type'] = 'application/json';
    const r = await fetch(s.baseUrl + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(4000),
    });
    const text = await r.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: r.status, json, text };
  };
}
const iso = (v) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v));
const newBank = (user_id, n) => ({
  user_id,
  account_number: '000123456' + n,
  routing_number: '021000021',
  account_holder_type: 'individual',
  bank_account_type: 'checking',
});
const ids = (r) => (r.json?.data || []).map((b) => b.id);

// Base checks (the control must pass every one).
async function baseChecks(s) {
  const req = client(s);
  const errs = [];
  const ok = (c, m) => {
    if (!c) errs.push(m);
  };
  const la = await req('GET', '/user_banks', { token: s.tokenA });
  ok(la.status === 200 && Array.isArray(la.json?.data) && 'next_cursor' in la.json, 'A list envelope');
  ok(la.json?.data?.length === 30 && la.json.next_cursor === null, 'A list default limit holds all 30');
  ok(new Set(ids(la)).size === ids(la).length, 'A ids unique');
  const lb = await req('GET', '/user_banks', { token: s.tokenB });
  ok(lb.status === 200 && lb.json?.data?.length >= 1 && lb.json.data.every((b) => !ids(la).includes(b.id)), 'B list separate');
  const p1 = await req('GET', `/user_banks?status=active&limit=4`, { token: s.tokenA });
  ok(p1.status === 200 && p1.json?.data?.length === 4 && typeof p1.json.next_cursor === 'string', 'filtered page 1');
  const p2 = await req('GET', `/user_banks?status=active&limit=4&cursor=${encodeURIComponent(p1.json?.next_cursor ?? '')}`, {
    token: s.tokenA,
  });
  ok(
    p2.status === 200 && p2.json?.data?.every((b) => b.status === 'active') && !ids(p2).some((i) => ids(p1).includes(i)),
    'filtered page 2',
  );
  const ua = await req('GET', `/users/${s.userIdA}`, { token: s.tokenA });
  ok(
    ua.status === 200 &&
      ua.json?.id === s.userIdA &&
      typeof ua.json.address === 'object' &&
      typeof ua.json.date_of_birth?.month === 'number',
    'read user A',
  );
  ok((await req('GET', `/users/${s.userIdA}`, { token: s.tokenB })).status === 404, 'B cannot read A user');
  for (const t of [s.tokenA, s.tokenB]) {
    const r = await req('GET', '/rfp_registrations', { token: t });
    ok(
      r.status === 200 &&
        r.json?.data?.length >= 1 &&
        r.json.data.every((x) => x.id && iso(x.created_at) && ['pending', 'active', 'inactive'].includes(x.status)),
      'rfp list',
    );
  }
  const c = await req('POST', '/user_banks', { token: s.tokenB, body: newBank(s.userIdB, 1) });
  ok(
    c.status === 201 &&
      c.json?.account_number === '0001234561' &&
      c.json.routing_number === '021000021' &&
      c.json.user_id === s.userIdB &&
      iso(c.json.created_at),
    'create B',
  );
  const lb2 = await req('GET', '/user_banks', { token: s.tokenB });
  ok(ids(lb2).includes(c.json?.id), 'created bank listed');
  ok((await req('GET', '/user_banks')).status === 401, 'no auth 401');
  ok((await req('POST', '/user_banks', { token: s.tokenB, body: newBank(s.userIdA, 2) })).status >= 400, 'foreign user refused');
  return { errs, codes: [la.status, p1.status, p2.status, ua.status, c.status].join(',') };
}

// One probe per numbered server: resolves true when the defect is seen.
const probes = {
  '01': async (s, req) => (await req('GET', `/users/${s.userIdA}`)).status === 200,
  '02': async (s, req) => (await req('GET', '/user_banks', { token: s.tokenA.slice(0, -4) })).status === 200,
  '03': async (s, req) => (await req('GET', '/user_banks/')).status === 200,
  '04': async (s, req) => (await req('GET', `/users/${s.userIdA}`, { token: s.tokenB })).status === 200,
  '05': async (s, req) => (await req('POST', '/user_banks', { token: s.tokenB, body: newBank(s.userIdA, 5) })).status < 300,
  '06': async (s, req) => ((await req('GET', `/user_banks?user_id=${s.userIdA}`, { token: s.tokenB })).json?.data?.length ?? 0) > 0,
  '07': async (s, req) => {
    const a = await req('GET', '/user_banks?limit=7', { token: s.tokenA });
    const b = await req('GET', '/user_banks?limit=7', { token: s.tokenB });
    return ids(b).some((i) => ids(a).includes(i));
  },
  '08': async (s, req) => {
    for (let k = 0; k < 3; k++) {
      const [a, b] = await Promise.all([
        req('GET', '/user_banks?limit=3', { token: s.tokenA }),
        req('GET', '/user_banks?limit=3', { token: s.tokenB }),
      ]);
      if (ids(b).some((i) => ids(a).includes(i))) return true;
    }
    return false;
  },
  '09': async (s, req) => (await req('GET', '/user_banks', { token: s.tokenA })).json?.data?.length < 30,
  10: async (s, req) => (await req('GET', '/user_banks?limit=100', { token: s.tokenA })).status !== 200,
  11: async (s, req) => {
    const a = await req('GET', '/user_banks?limit=5', { token: s.tokenA });
    const b = await req('GET', `/user_banks?limit=5&cursor=${encodeURIComponent(a.json.next_cursor)}`, { token: s.tokenA });
    return ids(b).some((i) => ids(a).includes(i));
  },
  12: async (s, req) => {
    const a = await req('GET', `/user_banks?limit=3&user_id=${s.userIdA}`, { token: s.tokenA });
    const b = await req('GET', `/user_banks?limit=3&user_id=${s.userIdA}&cursor=${encodeURIComponent(a.json.next_cursor)}`, {
      token: s.tokenA,
    });
    return b.json.data.some((x) => x.user_id !== s.userIdA);
  },
  13: async (s, req) =>
    (await req('GET', `/user_banks?status=active&user_id=${s.userIdA}`, { token: s.tokenA })).json.data.some((x) => x.status !== 'active'),
  14: async (s, req) => (await req('GET', '/user_banks?status=ACTIVE', { token: s.tokenA })).json.data.some((x) => x.status !== 'ACTIVE'),
  15: async (s, req) => !('next_cursor' in (await req('GET', '/user_banks', { token: s.tokenA })).json),
  16: async (s, req) => {
    for (const t of [s.tokenA, s.tokenB]) {
      const u = (await req('GET', '/rfp_registrations', { token: t })).json.data.map((x) => x.use_case);
      if (new Set(u).size !== u.length) return true;
    }
    return false;
  },
  17: async (s, req) => (await req('GET', '/rfp_registrations', { token: s.tokenA })).json.data.some((x) => !iso(x.created_at)),
  18: async (s, req) =>
    (await req('GET', '/rfp_registrations', { token: s.tokenA })).json.data.some(
      (x) => !['pending', 'active', 'inactive'].includes(x.status),
    ),
  19: async (s, req) => typeof (await req('GET', `/users/${s.userIdA}`, { token: s.tokenA })).json.address !== 'object',
  20: async (s, req) => {
    const m = (await req('GET', `/users/${s.userIdA}`, { token: s.tokenA })).json.date_of_birth.month;
    return !(m >= 1 && m <= 12);
  },
  21: async (s, req) =>
    (await req('POST', '/user_banks', { token: s.tokenA, body: newBank(s.userIdA, 21) })).json.routing_number !== '021000021',
  22: async (s, req) => {
    const c = await req('POST', '/user_banks', { token: s.tokenA, body: newBank(s.userIdA, 22) });
    return !ids(await req('GET', '/user_banks', { token: s.tokenA })).includes(c.json.id);
  },
  23: async (s, req) => {
    await req('GET', `/user_banks?user_id=${s.userIdA}`, { token: s.tokenA });
    const c = await req('POST', '/user_banks', { token: s.tokenA, body: newBank(s.userIdA, 23) });
    return !ids(await req('GET', `/user_banks?user_id=${s.userIdA}`, { token: s.tokenA })).includes(c.json.id);
  },
  24: async (s, req) => {
    const [a, b] = await Promise.all([1, 2].map((n) => req('POST', '/user_banks', { token: s.tokenA, body: newBank(s.userIdA, 240 + n) })));
    return a.json.id === b.json.id;
  },
  25: async (s, req) => (await req('GET', '/user_banks?status=active&status=inactive', { token: s.tokenA })).status >= 500,
};

async function run(file, fn) {
  let s;
  try {
    const mod = await import(pathToFileURL(join(here, file)).href);
    s = await withTimeout(mod.default(), 5000, 'start');
    return await withTimeout(fn(s), 20000, 'requests');
  } finally {
    if (s) await withTimeout(s.close(), 5000, 'close');
  }
}

const files = readdirSync(here)
  .filter((f) => /^\d\d-.*\.mjs$/.test(f))
  .sort();
let failures = 0;
// control: base checks, then every probe must stay quiet (fresh server for each probe)
const ctl = await run('_control.mjs', (s) => baseChecks(s));
if (ctl.errs.length) failures++;
console.log(`_control.mjs  codes=${ctl.codes}  ${ctl.errs.length ? 'FAIL ' + ctl.errs.join('; ') : 'ok'}`);
const noisy = [];
for (const k of Object.keys(probes)) if (await run('_control.mjs', (s) => probes[k](s, client(s)))) noisy.push(k);
if (noisy.length) failures++;
console.log(`_control.mjs  probes quiet: ${noisy.length ? 'NO, fired ' + noisy.join(',') : 'all 25'}`);
for (const f of files) {
  const k = f.slice(0, 2);
  try {
    const r = await run(f, async (s) => {
      const b = await baseChecks(s);
      return b;
    });
    const seen = await run(f, (s) => probes[k](s, client(s)));
    if (!seen) failures++;
    console.log(
      `${f.padEnd(36)} codes=${r.codes}  base-deviations=${r.errs.length ? r.errs.join('; ') : 'none'}  probe=${seen ? 'defect seen' : 'NOT SEEN'}`,
    );
  } catch (e) {
    failures++;
    console.log(`${f.padEnd(36)} ERROR ${e.message}`);
  }
}
console.log(failures ? `smoke: ${failures} problem(s)` : 'smoke: all servers started, answered and closed');
process.exitCode = failures ? 1 : 0;
