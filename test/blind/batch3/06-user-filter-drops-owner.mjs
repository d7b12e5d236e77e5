// Defect: the user_id filter replaces the owner scope, so a caller listing with another business's user_id sees that business's banks.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { userFilterDropsOwner: true } });
}
