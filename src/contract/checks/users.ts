import { fieldRequirements } from './resource-fields.js';
import type { CheckSpec } from './types.js';

/** Checks of GET /users/{user_id} (spec 4.4, 2.2). */
export const usersChecks = [
  {
    id: 'users.get.schema',
    area: 'users',
    requirement: 'get_user.response',
    covers: ['get_user.operation', ...fieldRequirements('user'), 'json.bodies'],
    title: 'GET /users/{user_id} answers 2xx with one User object of section 2.2',
  },
  {
    id: 'users.get.identity',
    area: 'users',
    requirement: 'get_user.identity',
    title: 'GET /users/{user_id} answers the User asked for',
    description:
      'GET /users/{user_id} answers the User asked for: its id is the one in the path (configured user and users the banks link to)',
  },
  {
    id: 'users.get.linked-users',
    area: 'users',
    requirement: 'get_user.response',
    covers: ['user.address', 'user.date_of_birth', 'user.phone', 'user.ssn'],
    title: "The Users the caller's User Banks link to each match section 2.2",
    description: "The Users the caller's User Banks link to (up to 4 besides the configured one) each match section 2.2",
  },
  {
    id: 'users.get.date-of-birth',
    area: 'users',
    requirement: 'user.date_of_birth',
    title: 'date_of_birth is a day of the calendar (month 1-12, not 0-based)',
    description: 'date_of_birth is a day of the calendar: date a day of month (1-31), month a month of year (1-12, not 0-based)',
  },
  {
    id: 'users.get.unknown',
    area: 'users',
    requirement: 'get_user.identity',
    covers: ['http.no-5xx', 'conv.not_found.404'],
    title: 'GET /users/{user_id} for an unknown id answers 4xx, never 5xx nor another User (property)',
    description:
      'GET /users/{user_id} for ids that do not exist (escaped in the path) answers 4xx (404 expected), never 5xx nor another User (property)',
  },
] as const satisfies readonly CheckSpec[];
