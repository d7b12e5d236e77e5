// Defect: GET /users/{id} was mounted before the auth middleware (like
// app.get('/users/:id', ...) registered above app.use(requireAuth) in Express),
// so it answers without an Authorization header. Without a caller the handler
// falls back to a plain lookup by id.
import { makeStart, defaults, HttpError } from './_base.mjs';
export default makeStart({
  isProtected(req, rawPath) {
    return !rawPath.startsWith('/users/');
  },
  getUser(ctx) {
    const u = ctx.caller ? ctx.app.findOwnUser(ctx, ctx.params.user_id) : ctx.state.users.get(ctx.params.user_id);
    if (!u) throw new HttpError(404, 'not_found', 'user not found');
    return { status: 200, body: ctx.app.userView(u) };
  },
});
