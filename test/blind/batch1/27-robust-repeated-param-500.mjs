// Defect: the query string is parsed qs-style (a repeated key becomes an
// array) and parseLimit calls raw.trim(); ?limit=10&limit=20 (or any repeated
// limit) throws TypeError -> 500.
import { makeStart, HttpError } from './_base.mjs';
export default makeStart({
  parseQuery(url) {
    const q = Object.create(null);
    for (const [k, v] of url.searchParams) {
      if (k in q) q[k] = [].concat(q[k], v);
      else q[k] = v;
    }
    return q;
  },
  parseLimit(raw) {
    if (raw === undefined) return 100;
    const s = raw.trim();
    if (!/^\d+$/.test(s)) throw new HttpError(400, 'invalid_limit', 'limit must be an integer');
    const n = Number(s);
    if (n < 1 || n > 100) throw new HttpError(400, 'invalid_limit', 'limit must be from 1 to 100');
    return n;
  },
  applyFilters(rows, q) {
    let out = rows;
    if (q.status !== undefined) out = out.filter((b) => [].concat(q.status).includes(b.status));
    if (q.user_id !== undefined) out = out.filter((b) => [].concat(q.user_id).includes(b.user_id));
    return out;
  },
});
