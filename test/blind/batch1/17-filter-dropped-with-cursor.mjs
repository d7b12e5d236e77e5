// Defect: "when a cursor is given, continue the original query from the cursor"
// - but the cursor only records the position, not the filters, and the query
// parameters are ignored once a cursor is present. Page 1 of
// ?user_id=X&limit=1 is filtered; the pages reached through next_cursor are not
// (they contain the caller's other users' banks).
import { makeStart } from './_base.mjs';
export default makeStart({
  listBanks(ctx) {
    const { app, query } = ctx;
    const limit = app.parseLimit(query.limit);
    const after = query.cursor !== undefined ? app.decodeCursor(query.cursor, ctx) : null;
    let rows = app.scopeBanks(ctx);
    if (after) rows = rows.filter((b) => b.seq > after.seq);
    else rows = app.applyFilters(rows, query, ctx);
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? app.encodeCursor(page[page.length - 1], ctx) : null;
    return { status: 200, body: { data: page.map((b) => app.bankView(b, 'list')), next_cursor: next } };
  },
});
