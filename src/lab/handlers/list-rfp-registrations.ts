/** GET /rfp_registrations (spec 4.3): all of the caller's registrations, in pages when the variation pages them. */
import { errorAnswer, jsonAnswer, send } from '../http-util.js';
import { BadCursor, paginate } from '../paginate.js';
import { serializeRfp } from '../serialize.js';
import type { HandlerContext } from './types.js';

export function listRfpRegistrations(ctx: HandlerContext): void {
  const { res, url, state, caller } = ctx;
  const { variation, hooks } = state;
  const own = hooks.bend('rfp.pool', caller.rfps, ctx);
  const ordered = variation.order === 'asc' ? own : [...own].reverse();
  // Pages of the variation's size, or one page ('pagination controls of this operation: not shown', 4.3).
  const size = variation.rfpPageSize > 0 ? variation.rfpPageSize : Math.max(1, ordered.length);
  try {
    const cursor = hooks.bend('rfp.cursor', url.searchParams.get('cursor') ?? undefined, ctx);
    const page = paginate(ordered, { cursor, limit: size, variation, scope: `${caller.name}:rfp`, startAfterCursor: (start) => start });
    const answer = jsonAnswer(200, { data: page.items.map((r) => serializeRfp(r, state)), next_cursor: page.nextCursor });
    send(res, hooks.bend('rfp.answer', answer, { ...ctx, ordered }));
  } catch (error) {
    if (!(error instanceof BadCursor)) throw error;
    send(res, errorAnswer(variation, variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued'));
  }
}
