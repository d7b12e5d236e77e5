// Defect: when status and user_id are both given, the user_id clause overwrites the status clause, so status is ignored.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { combinedFiltersDropStatus: true } });
}
