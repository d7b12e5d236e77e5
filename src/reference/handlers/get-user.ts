/** GET /users/{user_id} (spec 4.4): one of the caller's users. */
import { sendError, sendJson } from '../http-util.js';
import { serializeUser } from '../serialize.js';
import type { HandlerContext } from './types.js';

export function getUser({ res, state, caller }: HandlerContext, userId: string): void {
  const pool = state.fault('cross-tenant-user-read') ? state.callers.flatMap((c) => c.users) : caller.users;
  // Fault: any id but the caller's first User's answers that first User.
  const user = state.fault('user-get-wrong-user') ? (caller.users[0] as (typeof caller.users)[number]) : pool.find((u) => u.id === userId);
  if (!user) {
    if (state.fault('user-unknown-500')) {
      sendError(res, state.variation, 500, 'internal', 'internal error');
      return;
    }
    sendError(res, state.variation, state.variation.unknownUserStatus, 'user_not_found', 'no such user');
    return;
  }
  sendJson(res, 200, serializeUser(user, state));
}
