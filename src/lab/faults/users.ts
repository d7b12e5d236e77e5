import { withStatus } from './kit.js';
import type { Fault } from './types.js';

/** A "YYYY-MM-DD" string for the spec's date_of_birth object, as an older serialiser wrote it. */
function dateOfBirthAsString(out: Record<string, unknown>): Record<string, unknown> {
  const { date, month, year } = out.date_of_birth as { date: number; month: number; year: number };
  return { ...out, date_of_birth: `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}` };
}

/** Users served so far by each running reference (its state), for a defect that shows on some answers only. */
const usersServed = new WeakMap<object, number>();

/** Faults of GET /users/{user_id}: modifiers at the user and serialise hook points (hooks.ts). */
export const usersFaults = [
  {
    name: 'user-date-of-birth-string',
    description: 'date_of_birth is a "YYYY-MM-DD" string instead of an object of numbers',
    breaks: 'user.date_of_birth',
    caughtBy: 'users.get.schema',
    bends: { 'serialise.user': dateOfBirthAsString },
  },
  {
    name: 'user-replica-on-old-build',
    description:
      'one replica of three behind a round-robin balancer runs the previous build, which writes date_of_birth as a string: every third User read',
    breaks: 'user.date_of_birth',
    caughtBy: 'http.every-answer-conforms',
    bends: {
      'serialise.user': (out, { state }) => {
        const served = (usersServed.get(state) ?? 0) + 1;
        usersServed.set(state, served);
        return served % 3 === 0 ? dateOfBirthAsString(out) : out;
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
    name: 'user-id-integer-key',
    description: "GET /users/{user_id} writes the row's integer primary key as id, a JSON number, instead of the User's public string id",
    breaks: 'user.id',
    caughtBy: 'users.get.schema',
    bends: {
      // The serialiser reads the table's surrogate key (its row number) where the public id column was meant.
      'serialise.user': (out, { state, user }) => ({ ...out, id: state.callers.flatMap((c) => c.users).indexOf(user) + 1 }),
    },
  },
  {
    name: 'user-first-name-model-attribute',
    description:
      "GET /users/{user_id} names first_name after the domain model's attribute, given_name: the serialiser follows a rename made in the model, not the API's field names",
    breaks: 'user.first_name',
    caughtBy: 'users.get.schema',
    bends: {
      'serialise.user': (out) => {
        const { first_name: given, ...rest } = out;
        return { ...rest, given_name: given };
      },
    },
  },
  {
    name: 'user-last-name-unfilled-column',
    description:
      'GET /users/{user_id} reads last_name from a family_name column a migration added and never backfilled: null for every User created before it',
    breaks: 'user.last_name',
    caughtBy: 'users.get.schema',
    bends: { 'serialise.user': (out) => ({ ...out, last_name: null }) },
  },
  {
    name: 'user-email-value-object',
    description:
      'GET /users/{user_id} writes email as the model\'s e-mail value object, {"address": ..., "verified": true}, instead of the string 2.2 states',
    breaks: 'user.email',
    caughtBy: 'users.get.schema',
    bends: { 'serialise.user': (out) => ({ ...out, email: { address: out.email, verified: true } }) },
  },
  {
    name: 'user-ssn-printed-form',
    description:
      'GET /users/{user_id} gives ssn in the printed form the onboarding form stored, 123-45-6789, instead of digits in a string',
    breaks: 'user.ssn',
    caughtBy: 'users.get.schema',
    bends: {
      'serialise.user': (out) => ({ ...out, ssn: String(out.ssn).replace(/^(\d{3})(\d{2})(\d{4})$/, '$1-$2-$3') }),
    },
  },
  {
    name: 'user-status-active-flag',
    description: "GET /users/{user_id} fills status from the table's is_active boolean: true, where 2.2 states a string (active)",
    breaks: 'user.status',
    caughtBy: 'users.get.schema',
    bends: { 'serialise.user': (out) => ({ ...out, status: out.status === 'active' }) },
  },
  {
    name: 'user-answer-in-list-envelope',
    description: 'GET /users/{user_id} answers through the helper the list operations use: {"data": {...the User...}}, not one User object',
    breaks: 'get_user.response',
    alsoBreaks: ['user.id'],
    caughtBy: 'users.get.schema',
    bends: { 'user.answer': (answer) => ({ ...answer, body: { data: answer.body } }) },
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
