/** GET /users/{user_id} (spec 4.4): one of the caller's users. */
import { sendError, sendJson } from '../http-util.js';
import { serializeUser } from '../serialize.js';
import type { HandlerContext } from './types.js';

export function getUser({ res, state, caller }: HandlerContext, userId: string): void {
  const pool = state.fault('cross-tenant-user-read') ? state.callers.flatMap((c) => c.users) : caller.users;
  const user = pool.find((u) => u.id === userId);
  if (!user) {
    sendError(res, state.variation, state.variation.unknownUserStatus, 'user_not_found', 'no such user');
    return;
  }
  sendJson(res, 200, serializeUser(user, state));
}
