// 17-filter-overwrite
// Defect: The query builder assigns the where-clause instead of merging it, so when user_id and status are both given the status filter is silently dropped.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { filterOverwrite: true } });
}
