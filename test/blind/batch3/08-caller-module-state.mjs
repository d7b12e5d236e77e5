// Defect: the authenticated caller is kept in module-level state and read after an await, so concurrent requests of A and B can be answered with each other's data.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { callerModuleState: true } });
}
