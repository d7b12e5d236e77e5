// Defect: the "fetch limit+1 rows to know whether there is a next page" trick,
// but the extra row is not trimmed before serialising: a page holds limit+1
// items (when more exist), and the cursor still points at the limit-th row.
import { makeStart } from './_base.mjs';
export default makeStart({
  listBanks(ctx) {
    const { app, query } = ctx;
    const limit = app.parseLimit(query.limit);
    const after = query.cursor !== undefined ? app.decodeCursor(query.cursor, ctx) : null;
    let rows = app.applyFilters(app.scopeBanks(ctx), query, ctx);
    if (after) rows = rows.filter((b) => b.seq > after.seq);
    const fetched = rows.slice(0, limit + 1); // LIMIT n+1
    const hasMore = fetched.length > limit;
    const next = hasMore ? app.encodeCursor(fetched[limit - 1], ctx) : null;
    return { status: 200, body: { data: fetched.map((b) => app.bankView(b, 'list')), next_cursor: next } };
  },
});
