/** GET /users/{user_id} (spec 4.4): one of the caller's users. */
import { errorAnswer, jsonAnswer, send } from '../http-util.js';
import { serializeUser } from '../serialize.js';
import type { HandlerContext } from './types.js';

export function getUser(ctx: HandlerContext, userId: string): void {
  const { res, state, caller } = ctx;
  const { hooks } = state;
  const pool = hooks.bend('user.pool', caller.users, ctx);
  const user = hooks.bend(
    'user.found',
    pool.find((u) => u.id === userId),
    { ...ctx, userId },
  );
  if (!user) {
    send(
      res,
      hooks.bend('user.refusal', errorAnswer(state.variation, state.variation.unknownUserStatus, 'user_not_found', 'no such user'), ctx),
    );
    return;
  }
  send(res, hooks.bend('user.answer', jsonAnswer(200, serializeUser(user, state)), { ...ctx, user }));
}
