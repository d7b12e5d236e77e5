// 32-stale-unfiltered-list
// Defect: The unfiltered list is served from a materialised view refreshed every 60 s, so a newly created bank appears under ?status=active or ?user_id= but not in the plain list.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { staleUnfiltered: true } });
}
