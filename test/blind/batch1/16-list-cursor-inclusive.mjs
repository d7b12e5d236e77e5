// Defect: keyset pagination written with >= instead of > (WHERE seq >= :cursor),
// so every following page starts again with the last item of the previous page.
import { makeStart } from './_base.mjs';
export default makeStart({
  listBanks(ctx) {
    const { app, query } = ctx;
    const limit = app.parseLimit(query.limit);
    const after = query.cursor !== undefined ? app.decodeCursor(query.cursor, ctx) : null;
    let rows = app.applyFilters(app.scopeBanks(ctx), query, ctx);
    if (after) rows = rows.filter((b) => b.seq >= after.seq);
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? app.encodeCursor(page[page.length - 1], ctx) : null;
    return { status: 200, body: { data: page.map((b) => app.bankView(b, 'list')), next_cursor: next } };
  },
});
