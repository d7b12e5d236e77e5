import { randomUUID } from 'node:crypto';
import type { Scene } from '../hooks.js';
import { everyonesBanks, keepWrite } from './kit.js';
import type { Fault } from './types.js';

/**
 * Defects that show only on traffic some other check sent for its own purpose (a walk's later
 * pages, a filter's near-miss, a create grammar's odd request, a cursor passed back on a filtered
 * walk): each proves a run-wide invariant of suites/http.ts (src/harness/invariants/).
 */
export const invariantFaults = [
  {
    name: 'create-double-insert',
    description:
      "the ORM's after-validate hook saves the new User Bank and the handler saves it again under a fresh id: every accepted create stores two User Banks with its values, and the answer names the second",
    breaks: 'create_user_bank.persisted',
    caughtBy: 'http.no-phantom-writes',
    bends: {
      'create.record': (bank, scene) => {
        keepWrite(scene.state, scene.owner, scene.input);
        return bank;
      },
    },
  },
  {
    name: 'page-overflow-after-cursor',
    description:
      'pages reached through a cursor hold one User Bank more than the limit asked: the continuation query fetches limit+1 rows to see whether more follow and never drops the extra one (its next_cursor points after it, so nothing is skipped or repeated)',
    breaks: 'list_user_banks.limit.range',
    caughtBy: 'http.pages-within-limit',
    bends: {
      'list.limit': (limit, scene) =>
        typeof limit === 'number' && limit < 100 && scene.url.searchParams.has('cursor') ? limit + 1 : limit,
    },
  },
  {
    name: 'page-size-capped-at-25',
    description:
      'GET /user_banks caps every page at 25 User Banks to protect its store, whatever limit was asked (the default 100 too), and points onward to the rest: a page asked with limit 50 holds 25 and its next_cursor leads to more',
    breaks: 'list_user_banks.limit.range',
    caughtBy: 'http.onward-pages-full',
    bends: { 'list.limit': (limit) => (typeof limit === 'number' ? Math.min(limit, 25) : limit) },
  },
  {
    name: 'status-filter-after-page',
    description:
      "GET /user_banks reads a page of `limit` rows of the caller's User Banks and only then keeps those with the status asked: a filtered page holds fewer than its limit while its next_cursor points past every row read, to pages that hold more",
    breaks: 'list_user_banks.limit.range',
    caughtBy: 'http.onward-pages-full',
    bends: {
      // The query reads the rows without the status clause ...
      'list.filters': (applied) => ({ ...applied, status: null }),
      // ... and the handler keeps the status asked among the page's rows, after paging.
      'list.answer': (answer, scene) =>
        scene.query.status === null
          ? answer
          : { ...answer, body: { ...answer.body, data: answer.body.data?.filter((item) => item.status === scene.query.status) ?? null } },
    },
  },
  {
    name: 'status-filter-collation',
    description:
      "the status filter is compared in a case-insensitive, trailing-space-padding collation (MySQL's default utf8mb4 _ci, PAD SPACE): status=ACTIVE or 'active ' lists the active User Banks",
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'http.filters-keep-their-value',
    bends: {
      'list.filters': (applied) => ({ ...applied, status: applied.status === null ? null : applied.status.trimEnd().toLowerCase() }),
    },
  },
  {
    name: 'post-without-content-type-health-check',
    description:
      'the gateway\'s health-check rule matches any POST without a Content-Type and answers it 200 {"status":"ok"} itself, before the service\'s auth: such a request without credentials is served',
    breaks: 'auth.required.create_user_bank',
    caughtBy: 'http.credentials-required',
    bends: {
      'auth.caller': (found, scene) =>
        found ??
        (scene.operation === 'create_user_bank' && scene.req.headers['content-type'] === undefined ? scene.state.callers[0] : undefined),
      'exchange.answered': (answered, scene) => answered || answeredAsHealthCheck(scene),
    },
  },
  {
    name: 'cursor-pages-any-tenant',
    description:
      "pages after a cursor are drawn from every business's User Banks: the continuation query was written apart from the first page's and lost the tenant clause",
    breaks: 'tenant.isolation',
    caughtBy: 'http.caller-data-only',
    bends: { 'list.pool': (pool, scene) => (scene.query.cursor !== undefined ? everyonesBanks(scene.state) : pool) },
  },
  {
    name: 'filtered-cursor-refused',
    description:
      'a next_cursor issued for a filtered list is refused with 400 when passed back: the cursor decoder checks it against the unfiltered scope',
    breaks: 'list_user_banks.cursor',
    alsoBreaks: ['list.next_cursor'],
    caughtBy: 'http.served-not-refused',
    bends: {
      'list.instead': (instead, scene) =>
        instead ??
        (scene.query.cursor !== undefined && (scene.query.status !== null || scene.query.userId !== null)
          ? { status: 400, body: { error: 'invalid_cursor', message: 'cursor does not match this list' }, headers: {} }
          : undefined),
    },
  },
  {
    name: 'cursor-read-undecoded',
    description:
      "cursors are spelled for people, the last row's created_at before the position (2026-11-26T10:15:30.123Z_...), and a pagination middleware reads the cursor from the raw query string itself, splitting on & and = without percent-decoding: a cursor passed back with its colons percent-encoded (%3A, as a client encodes a query value) is refused with 400, the same cursor with its colons raw is served",
    breaks: 'list_user_banks.cursor',
    alsoBreaks: ['list.next_cursor'],
    caughtBy: 'http.served-not-refused',
    bends: {
      'list.answer': (answer) => {
        const next = answer.body.next_cursor;
        const last = answer.body.data?.at(-1)?.created_at;
        return typeof next === 'string' && typeof last === 'string'
          ? { ...answer, body: { ...answer.body, next_cursor: `${last}_${next}` } }
          : answer;
      },
      'list.query': (query, scene) => {
        if (query.cursor === undefined) return query;
        const raw = undecodedValue(scene.url.search, 'cursor') ?? query.cursor;
        const cut = raw.indexOf('_');
        // The time before the position is only checked to be one; a percent-escape in it makes it none.
        const readable = cut > 0 && !Number.isNaN(Date.parse(raw.slice(0, cut)));
        return { ...query, cursor: readable ? raw.slice(cut + 1) : raw };
      },
    },
  },
  {
    name: 'accept-absent-406',
    description:
      'the content-negotiation middleware tests the Accept header with a regular expression (json, or a wildcard) and reads an absent header as the empty string: a request with no Accept, which takes any media type (RFC 9110 12.5.1), is answered 406 Not Acceptable',
    breaks: 'list_user_banks.operation',
    alsoBreaks: ['get_user.operation', 'list_rfp_registrations.operation', 'create_user_bank.operation'],
    caughtBy: 'http.served-not-refused',
    bends: { 'exchange.answered': (answered, scene) => answered || refusedAsNotAcceptable(scene) },
  },
  {
    name: 'create-takes-client-id',
    description:
      "the validator strips the members it does not know before checking the body (whitelist-and-strip), while the record is built from the raw body with a spread after the generated values, so a body's id and created_at replace the service's own",
    breaks: 'create_user_bank.response',
    caughtBy: 'http.service-assigned-members',
    bends: {
      'create.owner': (owner, scene) => {
        scene.notes.set('raw', { ...scene.input });
        for (const key of Object.keys(scene.input)) if (!BODY_MEMBERS.includes(key)) delete scene.input[key];
        return owner;
      },
      'create.record': (bank, scene) => {
        const raw = (scene.notes.get('raw') ?? {}) as Record<string, unknown>;
        return {
          ...bank,
          ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
          ...(typeof raw.created_at === 'string' && !Number.isNaN(Date.parse(raw.created_at))
            ? { createdAt: new Date(raw.created_at) }
            : {}),
        };
      },
    },
  },
  {
    name: 'rfp-created-at-from-last-sync',
    description:
      "GET /rfp_registrations serialises created_at from the row's last sync with the network operator (updated_at mapped to created_at), so each listing shows a newer time of creation",
    breaks: 'rfp_registration.created_at',
    caughtBy: 'http.facts-of-creation',
    bends: { 'serialise.rfp': (out, { state }) => ({ ...out, created_at: state.now().toISOString() }) },
  },
  {
    name: 'rfp-id-minted-per-read',
    description:
      'GET /rfp_registrations reads a view keyed by use case that has no id column, and the serialiser mints a new UUID for each row of each answer',
    breaks: 'rfp_registration.id',
    caughtBy: 'http.facts-of-creation',
    bends: { 'serialise.rfp': (out) => ({ ...out, id: `rfp_${randomUUID()}` }) },
  },
] as const satisfies readonly Fault[];

/** A query parameter's value as it stands in the raw query string, not percent-decoded (a hand-written parser's). */
function undecodedValue(search: string, name: string): string | undefined {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name) return pair.slice(at + 1);
  }
  return undefined;
}

/** The members 4.1 lists for the request body. */
const BODY_MEMBERS = ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type'];

/** The middleware's 406 to an Accept its pattern does not match, an absent one too; true when it answered. */
function refusedAsNotAcceptable({ req, res }: Scene): boolean {
  if (/json|\*/i.test(req.headers.accept ?? '')) return false;
  const body = JSON.stringify({ error: 'not_acceptable', message: 'this service answers application/json' });
  res.writeHead(406, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return true;
}

/** The gateway's health-check answer to a POST without a Content-Type; true when it answered. */
function answeredAsHealthCheck({ req, res }: Scene): boolean {
  if (req.method !== 'POST' || req.headers['content-type'] !== undefined) return false;
  const body = '{"status":"ok"}';
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
  return true;
}
