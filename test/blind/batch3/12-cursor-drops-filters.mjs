// Defect: when a cursor is present the query is rebuilt without the status/user_id filters, so later pages of a filtered list contain unfiltered entries.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { cursorDropsFilters: true } });
}
