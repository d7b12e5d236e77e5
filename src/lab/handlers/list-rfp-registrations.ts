/** GET /rfp_registrations (spec 4.3): all of the caller's registrations; their order and paging are choices (choices/). */
import { rfpListingScope } from '../choices/cursor-style.js';
import { inListOrder } from '../choices/order.js';
import { rfpPageSize } from '../choices/rfp-pages.js';
import { errorAnswer, jsonAnswer, send } from '../http-util.js';
import { paginate } from '../paginate.js';
import { serializeRfp } from '../serialize.js';
import type { HandlerContext } from './types.js';

export function listRfpRegistrations(ctx: HandlerContext): void {
  const { res, url, state, caller } = ctx;
  const { variation, hooks } = state;
  const ordered = inListOrder(hooks.bend('rfp.pool', caller.rfps, ctx), variation);
  const cursor = hooks.bend('rfp.cursor', url.searchParams.get('cursor') ?? undefined, ctx);
  const limit = rfpPageSize(variation, ordered.length);
  const page = paginate(ordered, { cursor, limit, variation, scope: rfpListingScope(caller.name), startAfterCursor: (start) => start });
  if (page === undefined) {
    send(res, errorAnswer(variation, variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued'));
    return;
  }
  const answer = jsonAnswer(200, { data: page.items.map((r) => serializeRfp(r, state)), next_cursor: page.nextCursor });
  send(res, hooks.bend('rfp.answer', answer, { ...ctx, ordered }));
}
