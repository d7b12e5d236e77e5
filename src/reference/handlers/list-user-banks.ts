/** GET /user_banks (spec 4.2): filters, then a page of at most `limit` (1..100, default 100) after the cursor. */
import { sendError, sendJson } from '../http-util.js';
import { BadCursor, paginate } from '../paginate.js';
import { serializeBank } from '../serialize.js';
import type { HandlerContext } from './types.js';

/** The page size asked for, or an error sentence when the value is out of the spec's range. */
export function parseLimit(raw: string | null, capAbove100: boolean): number | string {
  if (raw === null) return 100;
  if (!/^\d{1,9}$/.test(raw)) return 'limit must be a whole number from 1 to 100';
  const value = Number(raw);
  if (value < 1) return 'limit must be at least 1';
  if (value > 100) return capAbove100 ? 100 : 'limit must be at most 100';
  return value;
}

export function listUserBanks({ res, url, state, caller }: HandlerContext): void {
  const { variation } = state;
  const limit = parseLimit(url.searchParams.get('limit'), variation.limitAbove100 === 'cap');
  if (typeof limit === 'string') {
    sendError(res, variation, variation.badInputStatus, 'invalid_limit', limit);
    return;
  }
  const userId = url.searchParams.get('user_id');
  const status = url.searchParams.get('status');
  const pool = (userId !== null && state.fault('cross-tenant-bank-filter')) || state.fault('cross-tenant-bank-list') ? state.callers.flatMap((c) => c.banks).sort((x, y) => x.seq - y.seq) : caller.banks;
  let rows = pool.filter((b) => (userId === null || b.user_id === userId) && (status === null || b.status === status));
  if (variation.order === 'desc') rows = [...rows].reverse();
  try {
    const page = paginate(rows, {
      cursor: url.searchParams.get('cursor') ?? undefined,
      limit,
      variation,
      scope: `${caller.name}:banks:${userId ?? ''}:${status ?? ''}`,
    });
    sendJson(res, 200, { data: page.items.map((b) => serializeBank(b, state, 'list')), next_cursor: page.nextCursor });
  } catch (error) {
    if (!(error instanceof BadCursor)) throw error;
    sendError(res, variation, variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
  }
}
