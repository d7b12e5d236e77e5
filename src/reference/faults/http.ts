import type { Fault } from './types.js';

/** Defects only the run-wide HTTP checks are aimed at: a 5xx or a broken JSON body on a path no other check owns. */
export const httpFaults = [
  {
    name: 'status-filter-500',
    description: 'GET /user_banks?status=X without a user_id answers 500 (the query on the unindexed status column times out inside the service)',
    breaks: 'http.no-5xx',
    caughtBy: 'http.no-server-errors',
  },
  {
    name: 'user-json-trailing-comma',
    description: 'GET /users/{user_id} writes its body with a hand-built serializer that leaves a comma after the last member, so the 200 body is not JSON',
    breaks: 'json.bodies',
    caughtBy: 'http.json-bodies',
  },
] as const satisfies readonly Fault[];
