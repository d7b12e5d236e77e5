import type { Fault } from './types.js';

/**
 * List defects that leave every page well-formed but the list wrong: a filter that narrows too much
 * or not at all, an order that is not stable, an RfP list that repeats or never ends. Switched on in
 * the list handlers.
 */
export const listCompletenessFaults = [
  {
    name: 'user-id-filter-unknown-ignored',
    description: 'GET /user_banks drops a user_id filter that names no User of the caller (the lookup misses, the filter is skipped) and lists every User Bank',
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'user-banks.list.filter-no-match',
  },
  {
    name: 'user-id-filter-active-only',
    description: 'GET /user_banks?user_id=X also keeps only active User Banks (the query reuses a scope with status = active), so the inactive banks of that User are missing',
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'pagination.filter.user-id.complete',
  },
  {
    name: 'status-filter-verified-only',
    description: 'GET /user_banks?status=X also requires verification_status verified (an inner join on verifications), so User Banks pending verification are missing',
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'pagination.filter.status.complete',
  },
  {
    name: 'list-order-not-unique',
    description: 'GET /user_banks orders by status only and pages by offset: the User Banks of one status come back in a different order on each query, so two walks list different sets',
    breaks: 'list_user_banks.cursor',
    caughtBy: 'pagination.traversal.repeatable',
  },
  {
    name: 'rfp-cursor-ignored',
    description: 'GET /rfp_registrations answers a next_cursor (paging code shared with the banks list) but ignores the cursor parameter, so following it returns the first page again, forever',
    breaks: 'list_rfp_registrations.all',
    caughtBy: 'rfp-registrations.list.walk',
  },
  {
    name: 'rfp-status-outside-enum',
    description: 'The last RfP Registration carries status "expired", a value outside the complete set pending, active, inactive',
    breaks: 'rfp_registration.status',
    caughtBy: 'rfp-registrations.list.status-enum',
  },
  {
    name: 'rfp-registration-listed-twice',
    description: 'GET /rfp_registrations joins registrations with the networks they are enabled on, so the first registration (enabled on two) is listed twice',
    breaks: 'rfp_registration.id',
    caughtBy: 'rfp-registrations.list.unique-ids',
  },
] as const satisfies readonly Fault[];
