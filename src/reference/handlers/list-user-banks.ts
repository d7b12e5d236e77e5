/** GET /user_banks (spec 4.2): filters, then a page of at most `limit` (1..100, default 100) after the cursor. */
import { sendError, sendJson } from '../http-util.js';
import type { BankRecord, Caller } from '../model.js';
import { BadCursor, paginate } from '../paginate.js';
import { serializeBank } from '../serialize.js';
import { scopeOfCursor } from '../cursor.js';
import type { ReferenceState } from '../state.js';
import type { HandlerContext } from './types.js';

/** The statuses the code knows (what the fixtures and creation use); only the status-filter-unknown-ignored fault asks. */
// Stryker disable next-line all: fault-only: read only by the status-filter-unknown-ignored fault, off in every run that judges a mutant.
const KNOWN_STATUSES = new Set(['active', 'inactive']);

// Stryker disable all: fault-only: the first-page cache of the user-id-filter-cache-key fault, off in every run that judges a mutant.
/** The first-page cache of the user-id-filter-cache-key fault, per running server. */
const firstPages = new WeakMap<ReferenceState, Map<string, Record<string, unknown>>>();
function cacheOf(state: ReferenceState): Map<string, Record<string, unknown>> {
  let cache = firstPages.get(state);
  if (!cache) firstPages.set(state, (cache = new Map()));
  return cache;
}
// Stryker restore all

// Stryker disable all: fault-only: reads a cursor only under the cursor-trusted-owner and cursor-trusted-filter faults, off in every run that judges a mutant.
/**
 * What the cursor-trusting faults read from a cursor: the caller whose list it walked
 * (cursor-trusted-owner) and the filters it was issued with (cursor-trusted-filter).
 */
function trustedCursorScope(cursor: string | undefined, state: ReferenceState): { owner?: Caller; filters: boolean; userId: string | null; status: string | null } | undefined {
  const trustOwner = state.fault('cursor-trusted-owner');
  const trustFilters = state.fault('cursor-trusted-filter');
  if (cursor === undefined || (!trustOwner && !trustFilters)) return undefined;
  const parts = scopeOfCursor(cursor)?.split(':');
  if (parts?.length !== 4) return undefined;
  const [name, , userId, status] = parts as [string, string, string, string];
  const owner = trustOwner ? state.callers.find((c) => c.name === name) : undefined;
  return { ...(owner ? { owner } : {}), filters: trustFilters, userId: userId === '' ? null : userId, status: status === '' ? null : status };
}
// Stryker restore all

/** The page size asked for, or an error sentence when the value is out of the spec's range. */
// Stryker disable next-line BooleanLiteral: equivalent: the only caller always passes the flag.
export function parseLimit(raw: string | null, capAbove100: boolean, honourAbove100 = false): number | string {
  if (raw === null) return 100;
  // Stryker disable next-line StringLiteral: the sentence is the 4xx's message (spec 7 leaves it open); emptied it is still a string, so still a refusal.
  if (!/^\d{1,9}$/.test(raw)) return 'limit must be a whole number from 1 to 100';
  const value = Number(raw);
  // Stryker disable next-line StringLiteral: as above.
  if (value < 1) return 'limit must be at least 1';
  // Stryker disable next-line EqualityOperator,MethodExpression: fault-only: honourAbove100 is true only under the limit-above-100-honoured fault, off in every run that judges a mutant.
  if (value > 100 && honourAbove100) return Math.min(value, 1_000);
  // Stryker disable next-line StringLiteral: as above.
  if (value > 100) return capAbove100 ? 100 : 'limit must be at most 100';
  return value;
}

export function listUserBanks(ctx: HandlerContext): void {
  const { res, url, state } = ctx;
  const { variation } = state;
  const rawLimit = url.searchParams.get('limit');
  // Stryker disable next-line all: equivalent: refusing a limit above 100 and capping it to 100 are both legitimate (the lists variations cap).
  const capAbove100 = variation.limitAbove100 === 'cap';
  let limit = parseLimit(rawLimit, capAbove100, state.fault('limit-above-100-honoured'));
  // Fault: a limit it cannot use (0, -1, 1.5, abc, empty) is taken as no limit; one above 100 keeps its own answer.
  if (typeof limit === 'string' && state.fault('limit-out-of-range-default') && !(Number(rawLimit) > 100)) limit = 100;
  if (typeof limit === 'string') {
    sendError(res, variation, state.fault('bad-limit-500') ? 500 : variation.badInputStatus, 'invalid_limit', limit);
    return;
  }
  if (rawLimit === null && state.fault('default-page-size-50')) limit = 50;
  if (state.fault('limit-ignored')) limit = Math.max(limit, 100);
  const sentCursor = url.searchParams.get('cursor') ?? undefined;
  // Fault: the cursor is read from its first character of the base64url alphabet on (a pattern anchored at its end only), so junk before it passes.
  const cursor = sentCursor !== undefined && state.fault('cursor-leading-junk-ignored') ? sentCursor.replace(/^[^A-Za-z0-9_-]+/, '') : sentCursor;
  const trusted = trustedCursorScope(cursor, state);
  // Faults: a stateless cursor that carries its listing (caller, filters), trusted over the request.
  const caller = trusted?.owner ?? ctx.caller;
  const userId = trusted?.filters ? trusted.userId : url.searchParams.get('user_id');
  const status = trusted?.filters ? trusted.status : url.searchParams.get('status');
  if (status !== null && userId === null && state.fault('status-filter-500')) {
    sendError(res, variation, 500, 'internal', 'query timed out');
    return;
  }
  // The filters as applied, which the filter faults bend (the cursor's scope still names the filters asked).
  const unknownUserDropped = userId !== null && state.fault('user-id-filter-unknown-ignored') && !caller.users.some((u) => u.id === userId);
  const userIdApplied = (cursor !== undefined && state.fault('user-id-filter-first-page-only')) || unknownUserDropped ? null : userId;
  // Fault: a status the code has no constant for drops the filter instead of matching nothing.
  const unknownStatusDropped = status !== null && !KNOWN_STATUSES.has(status) && state.fault('status-filter-unknown-ignored');
  const statusApplied = state.fault('status-filter-ignored') || unknownStatusDropped ? null : status;
  // Fault: first pages of user_id-filtered listings cached under a key that leaves the user_id out.
  const cacheKey = userId !== null && cursor === undefined && state.fault('user-id-filter-cache-key') ? `${caller.name}:${limit}:${status ?? ''}` : undefined;
  // Stryker disable next-line all: fault-only: cacheKey is set only under the user-id-filter-cache-key fault, off in every run that judges a mutant.
  const cached = cacheKey === undefined ? undefined : cacheOf(state).get(cacheKey);
  // Stryker disable next-line all: fault-only: as above (true answers a cache entry that is never there).
  if (cached) {
    sendJson(res, 200, cached);
    return;
  }
  // Fault: user_id matched as a prefix (a LIKE 'value%' query), so a value close to a real id lists that User's banks.
  const userMatches = state.fault('user-id-filter-prefix-match') ? (b: BankRecord) => b.user_id.startsWith(userIdApplied ?? '') : (b: BankRecord) => b.user_id === userIdApplied;
  const everyBank = (userId !== null && state.fault('cross-tenant-bank-filter')) || state.fault('cross-tenant-bank-list') ? state.callers.flatMap((c) => c.banks).sort((x, y) => x.seq - y.seq) : caller.banks;
  // A replica that lists creations late shows only what has reached it.
  const now = performance.now();
  // Stryker disable next-line all: the listing lag of the late-listing-300ms variation, which no judged run uses (it needs a settle window; the mutation runs use --settle-ms 0); 0 everywhere else, where every row is listed at once.
  const pool = variation.listingLagMs > 0 ? everyBank.filter((b) => b.listedFrom === undefined || b.listedFrom <= now) : everyBank;
  // No filter: the list itself (never mutated here), not a copy of it per page, so walking 100,000 stays linear.
  const filtered = userIdApplied !== null || statusApplied !== null;
  let rows = filtered ? pool.filter((b) => (userIdApplied === null || userMatches(b)) && (statusApplied === null || b.status === statusApplied)) : pool;
  // The filter faults that narrow too much: a scope reused with status = active, an inner join on verifications.
  if (userIdApplied !== null && state.fault('user-id-filter-active-only')) rows = rows.filter((b) => b.status === 'active');
  if (statusApplied !== null && state.fault('status-filter-verified-only')) rows = rows.filter((b) => b.verification_status === 'verified');
  if (variation.order === 'desc') rows = [...rows].reverse();
  if (state.fault('list-order-not-unique')) {
    sendOffsetPageInUnstableOrder(rows, cursor, limit, state, res);
    return;
  }
  try {
    const page = paginate(rows, {
      cursor,
      limit,
      variation,
      // Stryker disable next-line all: equivalent, as the scope check in cursor.ts: a keyset cursor names a position, and a position used in another listing lists only that listing's own items.
      scope: `${caller.name}:banks:${userId ?? ''}:${status ?? ''}`,
      // Stryker disable next-line ObjectLiteral: fault-only: no paging defect, as with every fault off in a judged run.
      defects: {
        ...(state.fault('page-boundary-skip') ? { boundary: 'skip' as const } : {}),
        ...(state.fault('page-boundary-repeat') ? { boundary: 'repeat' as const } : {}),
        neverEnds: state.fault('cursor-never-ends'),
      },
    });
    // Stryker disable next-line StringLiteral: equivalent: the context only chooses which shape faults apply, all off in every run that judges a mutant.
    const body: Record<string, unknown> = { data: page.items.map((b) => serializeBank(b, state, 'list')), next_cursor: page.nextCursor };
    if (rows.length === 0 && state.fault('empty-list-data-null')) body.data = null;
    if (page.nextCursor === null && state.fault('last-page-next-cursor-missing')) delete body.next_cursor;
    // Stryker disable next-line all: fault-only: the cache of the user-id-filter-cache-key fault (a key of undefined is never read).
    if (cacheKey !== undefined) cacheOf(state).set(cacheKey, body);
    sendJson(res, 200, body);
  } catch (error) {
    if (!(error instanceof BadCursor)) throw error;
    if (state.fault('cursor-unknown-restarts')) {
      const first = paginate(rows, { cursor: undefined, limit, variation, scope: `${caller.name}:banks:${userId ?? ''}:${status ?? ''}` });
      sendJson(res, 200, { data: first.items.map((b) => serializeBank(b, state, 'list')), next_cursor: first.nextCursor });
      return;
    }
    sendError(res, variation, state.fault('bad-cursor-500') ? 500 : variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
  }
}

// Stryker disable all: fault-only: called only under the list-order-not-unique fault, off in every run that judges a mutant.
/**
 * Fault list-order-not-unique: ORDER BY status (not unique) with OFFSET paging. The rows of one status
 * come back in whatever order each query happens to give them (here: shuffled per request).
 */
function sendOffsetPageInUnstableOrder(rows: readonly BankRecord[], cursor: string | undefined, limit: number, state: HandlerContext['state'], res: HandlerContext['res']): void {
  const offset = cursor === undefined ? 0 : /^\d{1,9}$/.test(cursor) ? Number(cursor) : undefined;
  if (offset === undefined) {
    sendError(res, state.variation, state.variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
    return;
  }
  const keyed = rows.map((row) => ({ row, tie: Math.random() }));
  keyed.sort((a, b) => a.row.status.localeCompare(b.row.status) || a.tie - b.tie);
  const items = keyed.slice(offset, offset + limit).map((k) => k.row);
  const end = offset + items.length;
  sendJson(res, 200, { data: items.map((b) => serializeBank(b, state, 'list')), next_cursor: end < rows.length ? String(end) : null });
}
// Stryker restore all
