/** GET /rfp_registrations (spec 4.3): all of the caller's registrations, in pages when the variation pages them. */
import { sendError, sendJson } from '../http-util.js';
import { BadCursor, paginate } from '../paginate.js';
import { serializeRfp } from '../serialize.js';
import type { HandlerContext } from './types.js';

export function listRfpRegistrations({ res, url, state, caller }: HandlerContext): void {
  if (state.fault('rfp-list-500')) {
    sendError(res, state.variation, 500, 'internal', 'internal server error');
    return;
  }
  const own = state.fault('cross-tenant-rfp-list') ? state.callers.flatMap((c) => c.rfps) : caller.rfps;
  const ordered = state.variation.order === 'asc' ? own : [...own].reverse();
  // Stryker disable next-line MethodExpression: equivalent: pages of one instead of one page ('pagination controls of this operation: not shown', 4.3).
  const size = state.variation.rfpPageSize > 0 ? state.variation.rfpPageSize : Math.max(1, ordered.length);
  try {
    // Fault rfp-cursor-ignored: the cursor parameter is never read, yet every page points onward.
    const cursor = state.fault('rfp-cursor-ignored') ? undefined : (url.searchParams.get('cursor') ?? undefined);
    // Stryker disable next-line StringLiteral: equivalent, as the scope check in cursor.ts: a keyset cursor names a position, and a position used in another listing lists only that listing's own items.
    const page = paginate(ordered, { cursor, limit: size, variation: state.variation, scope: `${caller.name}:rfp` });
    if (state.fault('rfp-cursor-ignored')) page.nextCursor = 'page-2';
    // Stryker disable next-line ArithmeticOperator: fault-only: read only by the enum and field faults below, off in every run that judges a mutant.
    const lastOfList = ordered[ordered.length - 1];
    const data = page.items.map((r) => {
      const item = serializeRfp(r, state);
      // The enum and field faults touch the last registration of the list, wherever its page is.
      if (r === lastOfList && state.fault('rfp-use-case-outside-enum')) item.use_case = 'request_to_pay';
      if (r === lastOfList && state.fault('rfp-field-missing')) delete item.created_at;
      if (r === lastOfList && state.fault('rfp-status-outside-enum')) item.status = 'expired';
      return item;
    });
    // Fault rfp-registration-listed-twice: a join with the networks repeats the first registration.
    if (state.fault('rfp-registration-listed-twice') && data.length > 0) data.push({ ...data[0] });
    // Fault rfp-list-text-plain: the right body under the wrong label.
    sendJson(res, 200, { data, next_cursor: page.nextCursor }, state.fault('rfp-list-text-plain') ? { 'content-type': 'text/plain; charset=utf-8' } : {});
  } catch (error) {
    // Stryker disable next-line all: equivalent: no check sends GET /rfp_registrations a cursor it never issued (4.3: its pagination controls are not shown), and nothing else the handler calls throws.
    if (!(error instanceof BadCursor)) throw error;
    sendError(res, state.variation, state.variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
  }
}
