import { withStatus } from './kit.js';
import type { Fault } from './types.js';

/** Faults of GET /users/{user_id}: modifiers at the user and serialise hook points (hooks.ts). */
export const usersFaults = [
  {
    name: 'user-date-of-birth-string',
    description: 'date_of_birth is a "YYYY-MM-DD" string instead of an object of numbers',
    breaks: 'user.date_of_birth',
    caughtBy: 'users.get.schema',
    bends: {
      'serialise.user': (out) => {
        const { date, month, year } = out.date_of_birth as { date: number; month: number; year: number };
        return { ...out, date_of_birth: `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}` };
      },
    },
  },
  {
    name: 'user-line2-omitted-when-null',
    description: 'address.line2 is left out when it is null instead of present as null',
    breaks: 'user.address',
    caughtBy: 'users.get.linked-users',
    bends: {
      'serialise.user': (out) => {
        const address = out.address as Record<string, unknown>;
        if (address.line2 === null) delete address.line2;
        return out;
      },
    },
  },
  {
    name: 'user-phone-number',
    description: 'phone is a JSON number instead of digits in a string',
    breaks: 'user.phone',
    caughtBy: 'users.get.schema',
    bends: { 'serialise.user': (out) => ({ ...out, phone: Number(out.phone) }) },
  },
  {
    name: 'user-month-zero-based',
    description: 'date_of_birth.month is 0-based (January is 0), as JavaScript getMonth gives it',
    breaks: 'user.date_of_birth',
    caughtBy: 'users.get.date-of-birth',
    bends: {
      'serialise.user': (out) => {
        const dob = out.date_of_birth as { month: number };
        return { ...out, date_of_birth: { ...dob, month: dob.month - 1 } };
      },
    },
  },
  {
    name: 'user-unknown-500',
    description: 'GET /users/{user_id} for an id that does not exist answers 500',
    breaks: 'http.no-5xx',
    caughtBy: 'users.get.unknown',
    bends: { 'user.refusal': withStatus(500) },
  },
  {
    name: 'user-get-wrong-user',
    description: "GET /users/{user_id} answers the caller's first User whatever id is asked",
    breaks: 'get_user.identity',
    caughtBy: 'users.get.identity',
    bends: {
      // Any id but the caller's first User's answers that first User.
      'user.found': (_found, scene) => scene.caller.users[0],
    },
  },
] as const satisfies readonly Fault[];
