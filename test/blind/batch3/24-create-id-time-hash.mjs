// Defect: bank ids are a hash of user_id and the epoch second, so two banks created for one User within a second share an id.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { createIdTimeHash: true } });
}
