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
  if (state.fault('user-json-trailing-comma')) {
    // A hand-built serializer: every member followed by a comma, the last one too.
    const members = Object.entries(serializeUser(user, state)).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`);
    const text = `{${members.join('')}}`;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
    return;
  }
  sendJson(res, 200, serializeUser(user, state));
}
