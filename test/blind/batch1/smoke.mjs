// Starts every server in this folder one at a time, sends a few requests,
// closes it, and prints one line per server. Exit code 1 if any failed.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const dir = path.dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir)
  .filter((f) => f === '_control.mjs' || /^\d\d-.*\.mjs$/.test(f))
  .sort();

async function get(base, p, token) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const r = await fetch(base + p, { headers });
  const text = await r.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: r.status, json, ct: r.headers.get('content-type') || '' };
}

let failed = 0;
for (const f of files) {
  let srv;
  try {
    const mod = await import(pathToFileURL(path.join(dir, f)).href);
    srv = await mod.default();
    const u = await get(srv.baseUrl, `/users/${encodeURIComponent(srv.userIdA)}`, srv.tokenA);
    const ub = await get(srv.baseUrl, '/user_banks', srv.tokenA);
    const rf = await get(srv.baseUrl, '/rfp_registrations', srv.tokenB);
    const ok =
      u.status === 200 &&
      u.json &&
      u.json.id === srv.userIdA &&
      u.ct.includes('application/json') &&
      ub.status === 200 &&
      Array.isArray(ub.json?.data) &&
      rf.status === 200 &&
      Array.isArray(rf.json?.data);
    if (!ok) failed++;
    console.log(
      `${ok ? 'OK  ' : 'FAIL'} ${f.padEnd(42)} users/{A}=${u.status} user_banks=${ub.status}(${ub.json?.data?.length}) rfp(B)=${rf.status}(${rf.json?.data?.length})`,
    );
  } catch (e) {
    failed++;
    console.log(`FAIL ${f.padEnd(42)} ${e && e.message}`);
  } finally {
    if (srv) await srv.close();
  }
}
console.log(`${files.length - failed}/${files.length} servers started and answered`);
process.exitCode = failed ? 1 : 0;
