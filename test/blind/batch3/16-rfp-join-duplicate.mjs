// Defect: the RfP list joins a versioned use-case config table, so the bill_pay registration is listed twice.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { rfpJoinDuplicate: true } });
}
