import type { Fault } from './types.js';

/** Defects only the run-wide HTTP checks are aimed at: a 5xx or a broken JSON body on a path no other check owns. */
export const httpFaults = [
  {
    name: 'status-filter-500',
    description:
      'GET /user_banks?status=X without a user_id answers 500 (the query on the unindexed status column times out inside the service)',
    breaks: 'http.no-5xx',
    caughtBy: 'http.no-server-errors',
    bends: {
      'list.query': (query) => {
        if (query.status !== null && query.userId === null) throw new Error('query timed out');
        return query;
      },
    },
  },
  {
    name: 'user-json-trailing-comma',
    description:
      'GET /users/{user_id} writes its body with a hand-built serializer that leaves a comma after the last member, so the 200 body is not JSON',
    breaks: 'json.bodies',
    caughtBy: 'http.json-bodies',
    bends: {
      // A hand-built serializer: every member followed by a comma, the last one too.
      'user.answer': (answer) => ({
        ...answer,
        text: `{${Object.entries(answer.body as Record<string, unknown>)
          .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`)
          .join('')}}`,
      }),
    },
  },
  {
    name: 'rfp-use-case-listed-twice',
    description:
      'GET /rfp_registrations joins each registration with its network enrolments, so a use case enrolled twice is listed twice (a second registration object with its own id and the same use_case)',
    breaks: 'rfp_registration.one_per_use_case',
    caughtBy: 'http.every-answer-conforms',
    bends: {
      // A join that repeats a row.
      'rfp.answer': (answer) => {
        const first = answer.body.data?.[0];
        if (first !== undefined) answer.body.data?.push({ ...first, id: `${String(first.id)}-enrolment-2` });
        return answer;
      },
    },
  },
  {
    name: 'bank-list-created-at-is-read-time',
    description:
      "GET /user_banks serialises each bank's created_at from the row's last read (an ORM's updated_at mapped to created_at): the create answer and the list disagree on when a bank was created",
    breaks: 'user_bank.created_at',
    caughtBy: 'http.every-answer-conforms',
    bends: {
      // A list serialiser that maps created_at from the row's read time (an ORM's updated_at).
      'list.answer': (answer) => {
        const now = new Date().toISOString();
        for (const item of answer.body.data ?? []) item.created_at = now;
        return answer;
      },
    },
  },
] as const satisfies readonly Fault[];
