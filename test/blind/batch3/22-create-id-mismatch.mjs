// Defect: the create answer carries an id generated before the insert, not the id the row was stored under, so it never appears in lists.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { createIdMismatch: true } });
}
