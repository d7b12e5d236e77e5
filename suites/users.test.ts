/** GET /users/{user_id} (spec 4.4, 2.2). */
import { conformanceCheck } from '../src/suite/check.js';

conformanceCheck('users.get.schema', async (t) => {
  const exchange = await t.request({ path: `/users/${encodeURIComponent(t.settings.userIdA)}` });
  if (!t.expectSuccess(exchange, `GET /users/{user_id} for the configured user`)) return;
  if (!t.expectJson(exchange, 'GET /users/{user_id}')) return;
  t.expectSchema(exchange.json, 'user', 'the User', exchange);
});
