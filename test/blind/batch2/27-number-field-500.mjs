// 27-number-field-500
// Defect: A blank-check using body[k]?.trim() runs before type validation; a number in account_number/routing_number/user_id makes it throw and the request gets 500.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { trimCheck: true } });
}
