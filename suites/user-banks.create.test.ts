/** POST /user_banks (spec 4.1, 2.1). */
import { conformanceCheck } from '../src/suite/check.js';
import { exampleCreateBody } from '../src/suite/example-body.js';

conformanceCheck('user-banks.create.schema', async (t) => {
  if (t.settings.readOnly) t.skip('creates a User Bank; run without --read-only to check the create answer');
  const exchange = await t.request({ method: 'POST', path: '/user_banks', json: exampleCreateBody(t.settings.userIdA, t.settings.seed) });
  if (!t.expectSuccess(exchange, 'POST /user_banks with a valid body')) return;
  if (!t.expectJson(exchange, 'POST /user_banks')) return;
  t.expectSchema(exchange.json, 'user-bank', 'the created User Bank', exchange);
});
