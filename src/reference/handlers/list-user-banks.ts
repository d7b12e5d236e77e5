/** GET /user_banks (spec 4.2): filters, then a page of at most `limit` (1..100, default 100) after the cursor. */
import { sendError, sendJson } from '../http-util.js';
import { BadCursor, paginate } from '../paginate.js';
import { serializeBank } from '../serialize.js';
import type { HandlerContext } from './types.js';

/** The page size asked for, or an error sentence when the value is out of the spec's range. */
export function parseLimit(raw: string | null, capAbove100: boolean, honourAbove100 = false): number | string {
  if (raw === null) return 100;
  if (!/^\d{1,9}$/.test(raw)) return 'limit must be a whole number from 1 to 100';
  const value = Number(raw);
  if (value < 1) return 'limit must be at least 1';
  if (value > 100 && honourAbove100) return Math.min(value, 1_000);
  if (value > 100) return capAbove100 ? 100 : 'limit must be at most 100';
  return value;
}

export function listUserBanks({ res, url, state, caller }: HandlerContext): void {
  const { variation } = state;
  const rawLimit = url.searchParams.get('limit');
  let limit = parseLimit(rawLimit, variation.limitAbove100 === 'cap', state.fault('limit-above-100-honoured'));
  if (typeof limit === 'string') {
    sendError(res, variation, state.fault('bad-limit-500') ? 500 : variation.badInputStatus, 'invalid_limit', limit);
    return;
  }
  if (rawLimit === null && state.fault('default-page-size-50')) limit = 50;
  if (state.fault('limit-ignored')) limit = Math.max(limit, 100);
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const userId = url.searchParams.get('user_id');
  const status = url.searchParams.get('status');
  // The filters as applied, which the filter faults bend (the cursor's scope still names the filters asked).
  const userIdApplied = cursor !== undefined && state.fault('user-id-filter-first-page-only') ? null : userId;
  const statusApplied = state.fault('status-filter-ignored') ? null : status;
  const everyBank = (userId !== null && state.fault('cross-tenant-bank-filter')) || state.fault('cross-tenant-bank-list') ? state.callers.flatMap((c) => c.banks).sort((x, y) => x.seq - y.seq) : caller.banks;
  // A replica that lists creations late shows only what has reached it.
  const now = performance.now();
  const pool = variation.listingLagMs > 0 ? everyBank.filter((b) => b.listedFrom === undefined || b.listedFrom <= now) : everyBank;
  // No filter: the list itself (never mutated here), not a copy of it per page, so walking 100,000 stays linear.
  const filtered = userIdApplied !== null || statusApplied !== null;
  let rows = filtered ? pool.filter((b) => (userIdApplied === null || b.user_id === userIdApplied) && (statusApplied === null || b.status === statusApplied)) : pool;
  if (variation.order === 'desc') rows = [...rows].reverse();
  try {
    const page = paginate(rows, {
      cursor,
      limit,
      variation,
      scope: `${caller.name}:banks:${userId ?? ''}:${status ?? ''}`,
      defects: {
        ...(state.fault('page-boundary-skip') ? { boundary: 'skip' as const } : {}),
        ...(state.fault('page-boundary-repeat') ? { boundary: 'repeat' as const } : {}),
        neverEnds: state.fault('cursor-never-ends'),
      },
    });
    const body: Record<string, unknown> = { data: page.items.map((b) => serializeBank(b, state, 'list')), next_cursor: page.nextCursor };
    if (rows.length === 0 && state.fault('empty-list-data-null')) body.data = null;
    if (page.nextCursor === null && state.fault('last-page-next-cursor-missing')) delete body.next_cursor;
    sendJson(res, 200, body);
  } catch (error) {
    if (!(error instanceof BadCursor)) throw error;
    sendError(res, variation, state.fault('bad-cursor-500') ? 500 : variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
  }
}
