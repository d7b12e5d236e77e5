// Defect: created_at is taken from the network confirmation time, null for a pending registration, and the null is omitted from the JSON.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { rfpOmitNullCreatedAt: true } });
}
