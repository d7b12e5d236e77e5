// Defect: a response cache for GET /users/{id} (reverse-proxy style, keyed on
// the URL only, no Vary: Authorization) sits after token validation but before
// the ownership check. Once caller A has fetched its user, caller B gets the
// same cached body for that URL.
import { makeStart, defaults } from './_base.mjs';
const TTL = 60_000;
export default makeStart({
  getUser(ctx) {
    const cache = (ctx.state.userCache ??= new Map());
    const key = ctx.url.pathname;
    const hit = cache.get(key);
    if (hit && hit.exp > Date.now()) return { status: 200, body: hit.body, headers: { 'x-cache': 'HIT' } };
    const out = defaults.getUser(ctx);
    cache.set(key, { body: out.body, exp: Date.now() + TTL });
    return out;
  },
});
