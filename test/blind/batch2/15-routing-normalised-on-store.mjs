// 15-routing-normalised-on-store
// Defect: The create answer echoes the request, but routing_number is stored with whitespace and hyphens stripped, so list views show a different value from the one given.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { normaliseRouting: true, echoRequest: true } });
}
