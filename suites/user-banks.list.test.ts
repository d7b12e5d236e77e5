/** GET /user_banks (spec 4.2, 2.1, 2.4). */
import { conformanceCheck } from '../src/suite/check.js';

conformanceCheck('user-banks.list.schema', async (t) => {
  const exchange = await t.request({ path: '/user_banks' });
  if (!t.expectSuccess(exchange, 'GET /user_banks')) return;
  if (!t.expectJson(exchange, 'GET /user_banks')) return;
  t.expectSchema(exchange.json, 'user-bank-list', 'the list of User Banks', exchange);
});
