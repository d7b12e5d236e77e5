// Defect: the query builder starts from the tenant scope but REPLACES it when a
// user_id filter is given ("a user id already implies the tenant"), so
// GET /user_banks?user_id=<another caller's user> returns that caller's banks.
import { makeStart } from './_base.mjs';
export default makeStart({
  listBanks(ctx) {
    const { app, query, state } = ctx;
    const limit = app.parseLimit(query.limit);
    const after = query.cursor !== undefined ? app.decodeCursor(query.cursor, ctx) : null;
    const where = query.user_id !== undefined ? { user_id: query.user_id } : { tenant: ctx.caller.id };
    if (query.status !== undefined) where.status = query.status;
    let rows = state.banks.filter((b) => Object.entries(where).every(([k, v]) => b[k] === v)).sort((a, b) => a.seq - b.seq);
    if (after) rows = rows.filter((b) => b.seq > after.seq);
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? app.encodeCursor(page[page.length - 1], ctx) : null;
    return { status: 200, body: { data: page.map((b) => app.bankView(b, 'list')), next_cursor: next } };
  },
});
