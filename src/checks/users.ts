import type { CheckSpec } from './types.js';

/** Checks of GET /users/{user_id} (spec 4.4, 2.2). */
export const usersChecks: CheckSpec[] = [
  {
    id: 'users.get.schema',
    area: 'users',
    requirement: 'get_user.response',
    covers: ['get_user.operation', 'user.id', 'user.first_name', 'user.last_name', 'user.email', 'user.phone', 'user.ssn', 'user.date_of_birth', 'user.address', 'user.created_at', 'user.status', 'json.bodies'],
    title: 'GET /users/{user_id} answers 2xx with one User object of section 2.2',
  },
];
