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
  {
    name: 'rfp-use-case-listed-twice',
    description:
      'GET /rfp_registrations joins each registration with its network enrolments, so a use case enrolled twice is listed twice (a second registration object with its own id and the same use_case)',
    breaks: 'rfp_registration.one_per_use_case',
    caughtBy: 'http.every-answer-conforms',
  },
  {
    name: 'bank-list-created-at-is-read-time',
    description:
      "GET /user_banks serialises each bank's created_at from the row's last read (an ORM's updated_at mapped to created_at): the create answer and the list disagree on when a bank was created",
    breaks: 'user_bank.created_at',
    caughtBy: 'http.every-answer-conforms',
  },
] as const satisfies readonly Fault[];
