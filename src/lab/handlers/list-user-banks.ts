/** GET /user_banks (spec 4.2): filters, then a page of at most `limit` (1..100, 100 when absent) after the cursor. */
import type { Answer, ListBody } from '../hooks.js';
import { errorAnswer, jsonAnswer, send, type ErrorSentence } from '../http-util.js';
import { listingRows } from '../listing-rows.js';
import { BadCursor, paginate } from '../paginate.js';
import { serializeBank } from '../serialize.js';
import type { HandlerContext } from './types.js';

/** The page size asked for, or an error sentence when the value is out of the spec's range. */
export function parseLimit(raw: string | null, capAbove100: boolean): number | ErrorSentence {
  if (raw === null) return 100;
  if (!/^\d{1,9}$/.test(raw)) return 'limit must be a whole number from 1 to 100';
  const value = Number(raw);
  if (value < 1) return 'limit must be at least 1';
  if (value > 100) return capAbove100 ? 100 : 'limit must be at most 100';
  return value;
}

export function listUserBanks(ctx: HandlerContext): void {
  const { res, url, state } = ctx;
  const { variation, hooks } = state;
  const rawLimit = url.searchParams.get('limit');
  // Refusing a limit above 100 and capping it to 100 are both legitimate (the lists variations cap).
  const limit = hooks.bend('list.limit', parseLimit(rawLimit, variation.limitAbove100 === 'cap'), { ...ctx, raw: rawLimit });
  if (typeof limit === 'string') {
    send(
      res,
      hooks.bend('list.refusal', errorAnswer(variation, variation.badInputStatus, 'invalid_limit', limit), { ...ctx, reason: 'limit' }),
    );
    return;
  }
  const query = hooks.bend(
    'list.query',
    {
      cursor: url.searchParams.get('cursor') ?? undefined,
      caller: ctx.caller,
      userId: filterValue(url, 'user_id', variation.emptyFilterIsAbsent),
      status: filterValue(url, 'status', variation.emptyFilterIsAbsent),
    },
    ctx,
  );
  const applied = hooks.bend('list.filters', { userId: query.userId, status: query.status }, { ...ctx, query });
  const pool = hooks.bend('list.pool', query.caller.banks, { ...ctx, query });
  // A replica that lists creations late shows only what has reached it (the late-listing variation; no lag elsewhere).
  const now = performance.now();
  const listed = variation.listingLagMs > 0 ? pool.filter((b) => b.listedFrom === undefined || b.listedFrom <= now) : pool;
  // No filter: the list itself (never mutated here), not a copy of it per page, so walking 100,000 stays linear.
  const filtered = applied.userId !== null || applied.status !== null;
  const matching = filtered
    ? listingRows(listed, `${applied.userId}\u0000${applied.status}`, () =>
        listed.filter(
          (b) => (applied.userId === null || b.user_id === applied.userId) && (applied.status === null || b.status === applied.status),
        ),
      )
    : listed;
  const kept = hooks.bend('list.rows', matching, { ...ctx, query, pool: listed, applied });
  const rows = variation.order === 'desc' ? listingRows(kept, 'desc', () => [...kept].reverse()) : kept;
  const instead = hooks.bend('list.instead', undefined, { ...ctx, query, rows, limit });
  if (instead !== undefined) {
    send(res, instead);
    return;
  }
  const scope = `${query.caller.name}:banks:${query.userId ?? ''}:${query.status ?? ''}`;
  const pageAfter = (cursor: string | undefined): Answer<ListBody> => {
    const page = paginate(rows, {
      cursor,
      limit,
      variation,
      scope,
      startAfterCursor: (start) => hooks.bend('list.start', start, { ...ctx, query, rows, limit }),
    });
    return jsonAnswer(200, { data: page.items.map((b) => serializeBank(b, state, 'list')), next_cursor: page.nextCursor });
  };
  try {
    send(res, hooks.bend('list.answer', pageAfter(query.cursor), { ...ctx, query, rows, limit }));
  } catch (error) {
    if (!(error instanceof BadCursor)) throw error;
    const refusal = errorAnswer(variation, variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
    send(res, hooks.bend('list.refusal', refusal, { ...ctx, reason: 'cursor', firstPage: () => pageAfter(undefined) }));
  }
}

/** A filter's value as the query parser reads it: null when absent, and, where the parser reads an empty value as none, when empty. */
function filterValue(url: URL, name: string, emptyIsAbsent: boolean): string | null {
  const value = url.searchParams.get(name);
  return emptyIsAbsent && value === '' ? null : value;
}
