// 12-cursor-drops-filters
// Defect: When a cursor is present the status/user_id filters are not re-applied, so page 2 of a filtered list contains banks that do not match the filter.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { cursorDropsFilters: true } });
}
