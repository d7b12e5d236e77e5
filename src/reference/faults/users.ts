import type { Fault } from './types.js';

/** Faults of GET /users/{user_id}; get-user.ts and serialize.ts ask for them by name through state.fault(). */
export const usersFaults = [
  {
    name: 'user-date-of-birth-string',
    description: 'date_of_birth is a "YYYY-MM-DD" string instead of an object of numbers',
    breaks: 'user.date_of_birth',
    caughtBy: 'users.get.schema',
  },
  {
    name: 'user-line2-omitted-when-null',
    description: 'address.line2 is left out when it is null instead of present as null',
    breaks: 'user.address',
    caughtBy: 'users.get.linked-users',
  },
  {
    name: 'user-phone-number',
    description: 'phone is a JSON number instead of digits in a string',
    breaks: 'user.phone',
    caughtBy: 'users.get.schema',
  },
  {
    name: 'user-month-zero-based',
    description: 'date_of_birth.month is 0-based (January is 0), as JavaScript getMonth gives it',
    breaks: 'user.date_of_birth',
    caughtBy: 'users.get.date-of-birth',
  },
  {
    name: 'user-unknown-500',
    description: 'GET /users/{user_id} for an id that does not exist answers 500',
    breaks: 'http.no-5xx',
    caughtBy: 'users.get.unknown',
  },
  {
    name: 'user-get-wrong-user',
    description: "GET /users/{user_id} answers the caller's first User whatever id is asked",
    breaks: 'get_user.identity',
    caughtBy: 'users.get.identity',
  },
] as const satisfies readonly Fault[];
