/**
 * The reference's request hooks: where the faults of the layers around the handlers (router, query
 * parser, response cache; src/reference/faults/replay.ts) bend a request. With no such fault on, each
 * hook is the identity, so the conformant path through server.ts reads as the spec's behaviour.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultName } from './faults/index.js';
import type { Caller } from './model.js';
import type { ReferenceState } from './state.js';

const KNOWN_QUERY = new Set(['cursor', 'limit', 'status', 'user_id']);

/** The request's URL as the service's query parser sees it. */
export function requestUrl(state: ReferenceState, raw: string | undefined): URL {
  // Appended to the origin, not resolved against it: '//user_banks' is a path here, not a host.
  const url = new URL(`http://127.0.0.1${raw?.startsWith('/') ? raw : '/'}`);
  const names = [...url.searchParams.keys()];
  if (state.fault('query-repeated-parameter-500') && new Set(names).size < names.length) throw new Error('a repeated query parameter came as an array');
  if (state.fault('query-unknown-parameter-drops-filters') && names.some((name) => !KNOWN_QUERY.has(name))) url.search = '';
  return url;
}

/**
 * Spellings a router folds into the plain path while the auth middleware matches the path as sent
 * (the router's normalisation and the guard's disagree): each is a fault of faults/replay.ts.
 */
const ROUTER_FOLDS: ReadonlyArray<{ fault: FaultName; fold: (path: string) => string }> = [
  // Strict routing off: /user_banks/ is /user_banks.
  { fault: 'router-trailing-slash-skips-auth', fold: (path) => (path.endsWith('/') && path !== '/' ? path.slice(0, -1) : path) },
  // Empty segments merged (a proxy's merge_slashes): //user_banks is /user_banks.
  { fault: 'router-doubled-slash-skips-auth', fold: (path) => path.replace(/\/{2,}/g, '/') },
  // Case-insensitive route matching: /USER_BANKS is /user_banks.
  { fault: 'router-case-insensitive-skips-auth', fold: (path) => path.toLowerCase() },
  // Percent-encoded unreserved characters decoded before routing (RFC 3986 6.2.2.2), after the guard looked.
  { fault: 'router-percent-decoded-skips-auth', fold: (path) => path.replace(/%([0-9A-Fa-f]{2})/g, (raw, hex: string) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(parseInt(hex, 16))) ? String.fromCharCode(parseInt(hex, 16)) : raw)) },
  // Servlet-style path parameters stripped by the router: /user_banks;v=1 is /user_banks.
  { fault: 'router-path-parameters-skip-auth', fold: (path) => path.replace(/;[^/]*/g, '') },
];

/**
 * A route the router serves but the auth middleware does not guard (a path the router folds into a
 * plain one, see ROUTER_FOLDS; HEAD, which the middleware lets through as a "safe" method while the
 * router maps it to the GET handler), with the caller it falls back to; undefined when the router has no such route.
 */
export function unguardedRoute<R>(state: ReferenceState, method: string, pathname: string, route: (method: string, path: string) => R | undefined): { found: R; caller: Caller } | undefined {
  const caller = state.callers[0];
  if (caller === undefined) return undefined;
  let found: R | undefined;
  for (const { fault, fold } of ROUTER_FOLDS) {
    const folded = fold(pathname);
    if (found === undefined && folded !== pathname && state.fault(fault)) found = route(method, folded);
  }
  if (found === undefined && state.fault('head-served-without-auth') && method === 'HEAD') found = route('GET', pathname);
  return found === undefined ? undefined : { found, caller };
}

/** Answers of GET /users/{id} by URL alone, kept only while the cache fault is on. */
const userCaches = new WeakMap<ReferenceState, Map<string, string>>();

/** Serves a cached answer and returns true, or arranges for this answer to be cached and returns false. */
export function servedFromCache(state: ReferenceState, method: string, url: URL, res: ServerResponse): boolean {
  if (!state.fault('user-cache-keyed-by-url') || method !== 'GET' || !url.pathname.startsWith('/users/')) return false;
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

/** A method the API does not define on a known path: refused (405) by the router, unless a fault lets it fall through. */
export function undefinedMethodReached(state: ReferenceState): void {
  if (state.fault('undefined-method-500')) throw new Error('no handler for this method');
}

/** Faults of the serialiser: a list answer rewritten after the handler made it. */
const ANSWER_REWRITES: ReadonlyArray<{ fault: FaultName; path: string; rewrite: (body: { data: Array<Record<string, unknown>> }) => void }> = [
  {
    // A join that repeats a row.
    fault: 'rfp-use-case-listed-twice',
    path: '/rfp_registrations',
    rewrite: (body) => {
      const first = body.data[0];
      if (first !== undefined) body.data.push({ ...first, id: `${String(first.id)}-enrolment-2` });
    },
  },
  {
    // A list serialiser that maps created_at from the row's read time (an ORM's updated_at).
    fault: 'bank-list-created-at-is-read-time',
    path: '/user_banks',
    rewrite: (body) => {
      const now = new Date().toISOString();
      for (const item of body.data) item.created_at = now;
    },
  },
];

export function rewriteAnswer(state: ReferenceState, method: string, url: URL, res: ServerResponse): void {
  const rewrites = ANSWER_REWRITES.filter((r) => method === 'GET' && url.pathname === r.path && state.fault(r.fault));
  if (rewrites.length === 0) return;
  // The rewritten body has another length: the answer goes chunked.
  const writeHead = res.writeHead.bind(res) as (status: number, headers?: Record<string, unknown>) => ServerResponse;
  res.writeHead = ((status: number, headers?: Record<string, unknown>) => {
    const rest = { ...(headers ?? {}) };
    delete rest['content-length'];
    return writeHead(status, rest);
  }) as ServerResponse['writeHead'];
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    if (res.statusCode !== 200 || typeof chunk !== 'string') return end(chunk);
    const body = JSON.parse(chunk) as { data: Array<Record<string, unknown>> };
    for (const { rewrite } of rewrites) rewrite(body);
    return end(JSON.stringify(body));
  }) as ServerResponse['end'];
}

/** The length of a text column: a longer value is refused by a check that runs after the insert. */
const COLUMN_LENGTH = 255;

/**
 * A store that inserts the row before its last validation and does not roll it back when that
 * validation refuses the request (the length check of a text column, run after the insert): the
 * refused request leaves a bank behind. Only the fault bank-long-value-refused-but-kept switches it on.
 */
export function keepRefusedRow(state: ReferenceState, method: string, url: URL, req: IncomingMessage, res: ServerResponse, caller: Caller): void {
  if (!state.fault('bank-long-value-refused-but-kept') || method !== 'POST' || url.pathname !== '/user_banks') return;
  res.on('finish', () => {
    if (res.statusCode < 400 || res.statusCode >= 500) return;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((req as IncomingMessage & { bodyText?: string }).bodyText ?? '') as Record<string, unknown>;
    } catch {
      return;
    }
    const text = (name: string): string => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const userId = text('user_id');
    if (!Object.values(body).some((v) => typeof v === 'string' && v.length > COLUMN_LENGTH) || !caller.users.some((u) => u.id === userId)) return;
    caller.banks.push({
      seq: state.fixtures.nextSeq(),
      id: state.fixtures.ids.next('bank'),
      user_id: userId,
      account_number: text('account_number').slice(0, COLUMN_LENGTH),
      routing_number: text('routing_number').slice(0, COLUMN_LENGTH),
      account_holder_type: 'individual',
      bank_account_type: 'checking',
      createdAt: state.now(),
      is_rtp_enabled: true,
      is_rtp_rfp_enabled: false,
      status: 'active',
      verification_status: 'verified',
    });
  });
}
