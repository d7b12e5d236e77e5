// Defect: the RfP list is not paginated, so the handler sets
// next_cursor: page.nextCursor which is undefined; JSON.stringify drops
// undefined members and the envelope has no next_cursor at all.
import { makeStart } from './_base.mjs';
export default makeStart({
  listRfp(ctx) {
    const { app } = ctx;
    const page = { items: ctx.state.rfps.filter((r) => r.tenant === ctx.caller.id) };
    return { status: 200, body: { data: page.items.map((r) => app.rfpView(r, app)), next_cursor: page.nextCursor } };
  },
});
