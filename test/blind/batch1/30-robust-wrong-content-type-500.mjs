// Defect: like Express 5 / a content-type-routed body parser, a request whose
// Content-Type is not application/json gets no parsed body (req.body is
// undefined), and the handler destructures it -> TypeError -> 500.
import { makeStart, readRaw, HttpError } from './_base.mjs';
export default makeStart({
  async readJson(req) {
    const ct = String(req.headers['content-type'] || '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const raw = await readRaw(req);
    if (ct !== 'application/json') return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      throw new HttpError(400, 'invalid_json', 'request body is not valid JSON');
    }
  },
  async createBank(ctx) {
    const { app } = ctx;
    const body = await app.readJson(ctx.req);
    const { user_id, account_number, routing_number, account_holder_type, bank_account_type } = body;
    app.validateCreate({ user_id, account_number, routing_number, account_holder_type, bank_account_type }, ctx);
    const b = app.storeBank({ user_id, account_number, routing_number, account_holder_type, bank_account_type }, ctx);
    return { status: 201, body: app.bankView(b, 'create') };
  },
});
