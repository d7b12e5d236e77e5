// Defect: create checks only that user_id names an existing User (global
// lookup, like a foreign-key constraint) and not that the User belongs to the
// caller, so caller A can link a bank account to caller B's user.
import { makeStart, defaults, HttpError } from './_base.mjs';
export default makeStart({
  validateCreate(body, ctx) {
    const app = { ...ctx.app, findOwnUser: (c, id) => c.state.users.get(id) || null };
    return defaults.validateCreate(body, { ...ctx, app });
  },
});
