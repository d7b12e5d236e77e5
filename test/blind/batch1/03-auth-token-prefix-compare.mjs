// Defect: constant-time compare written to avoid timingSafeEqual's RangeError on
// unequal lengths by cutting the presented token to the stored token's length.
// Any token that merely STARTS with a valid token (e.g. tokenA + "x") is accepted.
import crypto from 'node:crypto';
import { makeStart } from './_base.mjs';
export default makeStart({
  authenticate(req, state) {
    const h = req.headers['authorization'];
    if (typeof h !== 'string' || !h.startsWith('Bearer ')) return null;
    const given = h.slice(7);
    for (const t of state.tenants) {
      const a = Buffer.from(given.padEnd(t.token.length, '\0').slice(0, t.token.length));
      const b = Buffer.from(t.token);
      if (a.length === b.length && crypto.timingSafeEqual(a, b)) return t;
    }
    return null;
  },
});
