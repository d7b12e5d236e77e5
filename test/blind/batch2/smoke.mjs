// Starts every server (control + faults) one at a time, checks it answers, closes it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const files = [
  '_control.mjs',
  ...fs
    .readdirSync(dir)
    .filter((f) => /^\d\d-.*\.mjs$/.test(f))
    .sort(),
];
let failed = 0;
for (const file of files) {
  let srv;
  const t0 = Date.now();
  try {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    srv = await mod.default();
    for (const k of ['baseUrl', 'tokenA', 'userIdA', 'tokenB', 'userIdB'])
      if (typeof srv[k] !== 'string' || !srv[k]) throw new Error(`missing ${k}`);
    if (typeof srv.close !== 'function') throw new Error('missing close');
    const get = async (p, tok) => {
      const r = await fetch(srv.baseUrl + p, { headers: tok ? { Authorization: `Bearer ${tok}` } : {}, signal: AbortSignal.timeout(3000) });
      const text = await r.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: r.status, json };
    };
    const u = await get(`/users/${encodeURIComponent(srv.userIdA)}`, srv.tokenA);
    if (u.status !== 200 || !u.json || u.json.id !== srv.userIdA) throw new Error(`GET /users/{userIdA} -> ${u.status}`);
    const ub = await get(`/users/${encodeURIComponent(srv.userIdB)}`, srv.tokenB);
    if (ub.status !== 200 || !ub.json || ub.json.id !== srv.userIdB) throw new Error(`GET /users/{userIdB} as B -> ${ub.status}`);
    const l = await get('/user_banks', srv.tokenA);
    if (l.status !== 200 || !Array.isArray(l.json?.data)) throw new Error(`GET /user_banks -> ${l.status}`);
    const rf = await get('/rfp_registrations', srv.tokenB);
    if (rf.status !== 200 || !Array.isArray(rf.json?.data)) throw new Error(`GET /rfp_registrations -> ${rf.status}`);
    const na = await get('/user_banks', null);
    const closeP = srv.close();
    srv = null;
    await Promise.race([closeP, new Promise((_, rej) => setTimeout(() => rej(new Error('close() did not resolve')), 3000))]);
    console.log(
      `ok   ${file.padEnd(36)} users=200 banks=${l.json.data.length} rfp=${rf.json.data.length} noauth=${na.status} ${Date.now() - t0}ms`,
    );
  } catch (e) {
    failed++;
    console.log(`FAIL ${file.padEnd(36)} ${e.message}`);
    if (srv) await srv.close().catch(() => {});
  }
}
console.log(failed ? `${failed} server(s) failed` : `all ${files.length} servers passed`);
process.exitCode = failed ? 1 : 0;
