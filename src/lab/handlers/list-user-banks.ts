/** GET /user_banks (spec 4.2): filters, then a page of at most `limit` (1..100, 100 when absent) after the cursor; the spec's open choices are asked of choices/. */
import type { Answer, ListBody } from '../hooks.js';
import { errorAnswer, jsonAnswer, send, type ErrorSentence } from '../http-util.js';
import { bankListingScope } from '../choices/cursor-style.js';
import { filterValue } from '../choices/empty-filter.js';
import { limitAbove100 } from '../choices/limit-above-100.js';
import { listedNow } from '../choices/listing-lag.js';
import { inListOrder } from '../choices/order.js';
import { listingRows } from '../listing-rows.js';
import { paginate } from '../paginate.js';
import type { Variation } from '../variations.js';
import { serializeBank } from '../serialize.js';
import type { HandlerContext } from './types.js';

/** The page size asked for, or an error sentence when the value is out of the spec's range. */
export function parseLimit(raw: string | null, variation: Pick<Variation, 'limitAbove100'>): number | ErrorSentence {
  if (raw === null) return 100;
  if (!/^\d{1,9}$/.test(raw)) return 'limit must be a whole number from 1 to 100';
  const value = Number(raw);
  if (value < 1) return 'limit must be at least 1';
  if (value > 100) return limitAbove100(variation);
  return value;
}

export function listUserBanks(ctx: HandlerContext): void {
  const { res, url, state } = ctx;
  const { variation, hooks } = state;
  const rawLimit = url.searchParams.get('limit');
  const limit = hooks.bend('list.limit', parseLimit(rawLimit, variation), { ...ctx, raw: rawLimit });
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
      userId: filterValue(url, 'user_id', variation),
      status: filterValue(url, 'status', variation),
    },
    ctx,
  );
  const applied = hooks.bend('list.filters', { userId: query.userId, status: query.status }, { ...ctx, query });
  const pool = hooks.bend('list.pool', query.caller.banks, { ...ctx, query });
  const listed = listedNow(pool, variation);
  // Kept while the list has not grown (listing-rows.ts), so a walk of 100,000 filters once, not once a page.
  const matching = listingRows(listed, JSON.stringify([applied.userId, applied.status]), () =>
    listed.filter(
      (b) => (applied.userId === null || b.user_id === applied.userId) && (applied.status === null || b.status === applied.status),
    ),
  );
  const kept = hooks.bend('list.rows', matching, { ...ctx, query, pool: listed, applied });
  const rows = inListOrder(kept, variation);
  const scope = bankListingScope(query.caller.name, query);
  const pageAfter = (cursor: string | undefined): Answer<ListBody> | undefined => {
    const page = paginate(rows, {
      cursor,
      limit,
      variation,
      scope,
      startAfterCursor: (start) => hooks.bend('list.start', start, { ...ctx, query, rows, limit }),
    });
    if (page === undefined) return undefined;
    const answer = jsonAnswer(200, { data: page.items.map((b) => serializeBank(b, state, 'list')), next_cursor: page.nextCursor });
    return hooks.bend('list.answer', answer, { ...ctx, query, rows, limit });
  };
  // An answer a hook gives instead (none while no hook bends it) is sent as it is; else the page, or the cursor's refusal.
  const instead = hooks.bend('list.instead', undefined, { ...ctx, query, rows, limit });
  const answer = instead ?? pageAfter(query.cursor);
  if (answer !== undefined) {
    send(res, answer);
    return;
  }
  const refusal = errorAnswer(variation, variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
  send(res, hooks.bend('list.refusal', refusal, { ...ctx, reason: 'cursor', firstPage: () => pageAfter(undefined) as Answer<ListBody> }));
}
