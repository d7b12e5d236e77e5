// Defect: routing_number is stored in a column with integer affinity, so leading zeros are lost (021000021 comes back as 21000021).
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { routingNumberIntegerAffinity: true } });
}
