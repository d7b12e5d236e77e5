// Defect: the auth guard matches an exact list of protected paths, while the
// router is non-strict and strips one trailing slash (Express strict:false).
// GET /user_banks/ and GET /rfp_registrations/ therefore skip the guard, and
// the handlers fall back to the "default tenant" left configured for local dev.
import { makeStart, defaults } from './_base.mjs';
const PROTECTED = new Set(['/user_banks', '/rfp_registrations']);
export default makeStart({
  isProtected(req, rawPath) {
    return PROTECTED.has(rawPath) || rawPath.startsWith('/users/');
  },
  normalizePath(p) {
    return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
  },
  async handle(req, res, app, state) {
    // default-tenant fallback for unauthenticated requests (dev leftover)
    const origAuth = app.authenticate;
    const ctxApp = { ...app, authenticate: (r, s) => origAuth(r, s) || s.tenants[0] };
    const url = new URL(req.url, 'http://localhost');
    if (!app.isProtected(req, url.pathname)) return defaults.handle(req, res, ctxApp, state);
    return defaults.handle(req, res, app, state);
  },
});
