import type { CheckSpec } from './types.js';

const check = <I extends string>(id: I, title: string, description?: string) =>
  ({
    id,
    area: 'isolation',
    requirement: 'tenant.isolation',
    title,
    ...(description !== undefined ? { description } : {}),
  }) satisfies CheckSpec;

/** Tenant-isolation checks: one caller never sees or changes another's data (spec 4.3, 5). */
export const isolationChecks = [
  check('isolation.get-user.other-callers-user-hidden', "Caller B reading caller A's user (GET /users/{A's user}) is not given A's user"),
  check(
    'isolation.list-user-banks.filter-by-other-callers-user',
    "Caller B listing GET /user_banks?user_id={A's user} gets none of A's User Banks",
  ),
  check(
    'isolation.list-user-banks.other-callers-banks-hidden',
    "Caller B's GET /user_banks holds none of A's User Banks, including one A has just created",
  ),
  check(
    'isolation.list-user-banks.other-callers-cursor',
    "Caller B replaying caller A's next_cursor gets none of A's User Banks",
    "Caller B replaying caller A's next_cursor (of A's list, and of A's list filtered by A's user) gets none of A's User Banks (a refusal or B's own data)",
  ),
  check('isolation.rfp-registrations.other-callers-hidden', "Caller B's GET /rfp_registrations holds none of A's RfP Registrations"),
  check(
    'isolation.create-user-bank.other-callers-user-refused',
    "Caller B's POST /user_banks with A's user_id is refused and stores nothing",
    "Caller B's POST /user_banks with A's user_id is refused (not 2xx), and afterwards neither A's nor B's list holds that User Bank",
  ),
] as const satisfies readonly CheckSpec[];
