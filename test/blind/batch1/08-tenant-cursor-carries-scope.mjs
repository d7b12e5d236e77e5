// Defect: the cursor is a plain base64 JSON blob carrying the query state,
// including the tenant id, and the server trusts it: caller B presenting a
// next_cursor obtained by caller A receives caller A's next page.
import { makeStart, HttpError } from './_base.mjs';
export default makeStart({
  encodeCursor(bank, ctx) {
    return Buffer.from(JSON.stringify({ tenant: ctx.caller.id, after: bank.seq })).toString('base64url');
  },
  decodeCursor(raw) {
    let o;
    try {
      o = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    } catch {
      o = null;
    }
    if (!o || typeof o.tenant !== 'string' || !Number.isInteger(o.after)) throw new HttpError(400, 'invalid_cursor', 'cursor is not valid');
    return { seq: o.after, tenant: o.tenant };
  },
  listBanks(ctx) {
    const { app, query } = ctx;
    const limit = app.parseLimit(query.limit);
    const after = query.cursor !== undefined ? app.decodeCursor(query.cursor, ctx) : null;
    const tenant = after ? after.tenant : ctx.caller.id; // continue "the same query"
    let rows = ctx.state.banks.filter((b) => b.tenant === tenant).sort((a, b) => a.seq - b.seq);
    rows = app.applyFilters(rows, query, ctx);
    if (after) rows = rows.filter((b) => b.seq > after.seq);
    const page = rows.slice(0, limit);
    const next = rows.length > limit ? app.encodeCursor(page[page.length - 1], { ...ctx, caller: { id: tenant } }) : null;
    return { status: 200, body: { data: page.map((b) => app.bankView(b, 'list')), next_cursor: next } };
  },
});
