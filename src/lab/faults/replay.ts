import type { ServerResponse } from 'node:http';
import type { Scene } from '../hooks.js';
import { foldedRoute } from './kit.js';
import type { Fault } from './types.js';

/**
 * Defects of the layers around the handlers (router, query parser, response cache) that only a request
 * spelled otherwise, or sent again by someone else, shows. Switched on at the request hooks of
 * src/lab/hooks.ts (request, route, exchange), never inside a handler.
 */
export const replayFaults = [
  {
    name: 'router-trailing-slash-skips-auth',
    description:
      'the auth middleware guards the exact paths, while the router also serves a path with a trailing slash (strict routing off); such a request reaches the handler with no credentials checked, as the first caller',
    breaks: 'auth.required.list_user_banks',
    alsoBreaks: ['auth.required.get_user', 'auth.required.list_rfp_registrations', 'auth.required.create_user_bank'],
    caughtBy: 'replay.refused-credentials-get-no-data',
    bends: { 'route.alias': foldedRoute((path) => (path.endsWith('/') && path !== '/' ? path.slice(0, -1) : path)) },
  },
  {
    name: 'router-doubled-slash-skips-auth',
    description:
      'the router merges empty path segments (as a proxy with merge_slashes does) while the auth middleware guards the exact paths: //user_banks reaches the list handler with no credentials checked, as the first caller',
    breaks: 'auth.required.list_user_banks',
    alsoBreaks: ['auth.required.get_user', 'auth.required.list_rfp_registrations', 'auth.required.create_user_bank'],
    caughtBy: 'replay.refused-credentials-get-no-data',
    bends: { 'route.alias': foldedRoute((path) => path.replace(/\/{2,}/g, '/')) },
  },
  {
    name: 'router-case-insensitive-skips-auth',
    description:
      'the router matches paths case-insensitively while the auth middleware compares them exactly: /USER_BANKS reaches the list handler with no credentials checked, as the first caller',
    breaks: 'auth.required.list_user_banks',
    alsoBreaks: ['auth.required.get_user', 'auth.required.list_rfp_registrations', 'auth.required.create_user_bank'],
    caughtBy: 'replay.refused-credentials-get-no-data',
    bends: { 'route.alias': foldedRoute((path) => path.toLowerCase()) },
  },
  {
    name: 'router-percent-decoded-skips-auth',
    description:
      'the router decodes percent-encoded unreserved characters (RFC 3986 6.2.2.2) after the auth middleware matched the raw path: /%75ser_banks reaches the list handler with no credentials checked, as the first caller',
    breaks: 'auth.required.list_user_banks',
    alsoBreaks: ['auth.required.get_user', 'auth.required.list_rfp_registrations', 'auth.required.create_user_bank'],
    caughtBy: 'replay.refused-credentials-get-no-data',
    bends: {
      // Percent-encoded unreserved characters decoded before routing (RFC 3986 6.2.2.2), after the guard looked.
      'route.alias': foldedRoute((path) =>
        path.replace(/%([0-9A-Fa-f]{2})/g, (raw, hex: string) =>
          /[A-Za-z0-9\-._~]/.test(String.fromCharCode(parseInt(hex, 16))) ? String.fromCharCode(parseInt(hex, 16)) : raw,
        ),
      ),
    },
  },
  {
    name: 'router-path-parameters-skip-auth',
    description:
      'the router strips Servlet-style ;parameters from path segments while the auth middleware matches the path as sent: /user_banks;v=1 reaches the list handler with no credentials checked, as the first caller',
    breaks: 'auth.required.list_user_banks',
    alsoBreaks: ['auth.required.get_user', 'auth.required.list_rfp_registrations', 'auth.required.create_user_bank'],
    caughtBy: 'replay.refused-credentials-get-no-data',
    bends: { 'route.alias': foldedRoute((path) => path.replace(/;[^/]*/g, '')) },
  },
  {
    name: 'head-served-without-auth',
    description:
      'the auth middleware lets HEAD through as a safe method, and the router serves HEAD with the GET handler (as most frameworks do): HEAD /user_banks without credentials answers 200, as the first caller',
    breaks: 'auth.required.list_user_banks',
    alsoBreaks: ['auth.required.get_user', 'auth.required.list_rfp_registrations'],
    caughtBy: 'replay.refused-credentials-get-no-data',
    bends: {
      // The middleware lets HEAD through as a "safe" method while the router maps it to the GET handler.
      'route.alias': (alias, { method, path }) => alias ?? (method === 'HEAD' ? { method: 'GET', path } : undefined),
    },
  },
  {
    name: 'user-cache-keyed-by-url',
    description:
      'answers of GET /users/{user_id} are cached by URL alone (no Vary: Authorization), after the token check and before the ownership check: once the first caller read its User, the second caller is served it from the cache',
    breaks: 'tenant.isolation',
    caughtBy: 'replay.other-caller-gets-no-data',
    bends: { 'exchange.answered': (answered, scene) => answered || servedFromUrlCache(scene) },
  },
  {
    name: 'query-unknown-parameter-drops-filters',
    description:
      'the query is validated as a whole against the known parameters; a request with any parameter it does not know falls back to an empty query, so GET /user_banks?user_id=X&other=1 lists every User Bank of the caller',
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'replay.spelling-serves-the-same-resource',
    bends: {
      'request.url': (url) => {
        if ([...url.searchParams.keys()].some((name) => !['cursor', 'limit', 'status', 'user_id'].includes(name))) url.search = '';
        return url;
      },
    },
  },
  {
    name: 'user-scope-on-raw-segment',
    description:
      "the tenant scope of GET /users/{user_id} is a middleware that matches the raw path segment against the caller's User ids and, matching none, leaves the lookup unscoped (as for a route it does not guard), while the router decodes the segment: /users/%75sr_... from the second caller reads the first caller's User",
    breaks: 'tenant.isolation',
    caughtBy: 'replay.other-caller-gets-no-data',
    bends: {
      // The raw segment held a percent-escape, so the scoping middleware did not recognise the route.
      'user.pool': (own, scene) => (/^\/users\/[^/]*%/.test(scene.url.pathname) ? scene.state.callers.flatMap((c) => c.users) : own),
    },
  },
] as const satisfies readonly Fault[];

/** Answers of GET /users/{id} by URL alone, per running server. */
const userCaches = new WeakMap<object, Map<string, string>>();

/** Serves a cached answer and returns true, or arranges for this answer to be cached and returns false. */
function servedFromUrlCache({ state, req, url, res }: Scene): boolean {
  if (req.method !== 'GET' || !url.pathname.startsWith('/users/')) return false;
  let cache = userCaches.get(state);
  if (cache === undefined) userCaches.set(state, (cache = new Map()));
  const key = url.pathname + url.search;
  const hit = cache.get(key);
  if (hit !== undefined) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(hit) });
    res.end(hit);
    return true;
  }
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    if (res.statusCode === 200 && typeof chunk === 'string') cache.set(key, chunk);
    return end(chunk);
  }) as ServerResponse['end'];
  return false;
}
