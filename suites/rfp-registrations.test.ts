/** GET /rfp_registrations (spec 4.3, 2.3). */
import { conformanceCheck } from '../src/suite/check.js';

conformanceCheck('rfp-registrations.list.schema', async (t) => {
  const exchange = await t.request({ path: '/rfp_registrations' });
  if (!t.expectSuccess(exchange, 'GET /rfp_registrations')) return;
  if (!t.expectJson(exchange, 'GET /rfp_registrations')) return;
  t.expectSchema(exchange.json, 'rfp-registration-list', 'the list of RfP Registrations', exchange);
});
