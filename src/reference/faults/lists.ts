import type { Fault } from './types.js';

/**
 * Faults of the list operations (spec 2.3, 2.4, 4.2, 4.3, 8): the ways real implementations break
 * paging, limits and filters. The handlers ask for them by name through state.fault().
 */
export const listsFaults = [
  {
    name: 'page-boundary-skip',
    description: 'A page after a cursor starts one item too late: the first item after every page boundary is lost',
    breaks: 'list_user_banks.cursor',
    caughtBy: 'pagination.traversal.complete',
  },
  {
    name: 'page-boundary-repeat',
    description: 'A page after a cursor starts one item too early: the last item of every page comes again on the next',
    breaks: 'list_user_banks.cursor',
    caughtBy: 'pagination.traversal.no-duplicates',
  },
  {
    name: 'cursor-never-ends',
    description: 'The last page answers a fresh next_cursor that starts the list over, instead of null, forever',
    breaks: 'list.next_cursor',
    caughtBy: 'pagination.traversal.ends',
  },
  {
    name: 'last-page-next-cursor-missing',
    description: 'The last page of GET /user_banks leaves the next_cursor member out instead of answering null',
    breaks: 'list.envelope',
    caughtBy: 'pagination.envelope.every-page',
  },
  {
    name: 'empty-list-data-null',
    description: 'GET /user_banks answers data: null instead of an empty array when nothing matches',
    breaks: 'list.data',
    caughtBy: 'user-banks.list.envelope-empty',
  },
  {
    name: 'limit-ignored',
    description: 'GET /user_banks accepts limit but always answers pages of 100',
    breaks: 'list_user_banks.limit.range',
    caughtBy: 'pagination.limit.honoured',
  },
  {
    name: 'limit-above-100-honoured',
    description: 'GET /user_banks honours a limit above 100 (limit=101 gives 101 items on a page)',
    breaks: 'list_user_banks.limit.maximum',
    caughtBy: 'pagination.limit.max-100',
  },
  {
    name: 'default-page-size-50',
    description: 'GET /user_banks without a limit answers pages of 50 instead of the default 100',
    breaks: 'list_user_banks.limit.default',
    caughtBy: 'pagination.limit.default',
  },
  {
    name: 'status-filter-ignored',
    description: 'GET /user_banks ignores the status filter and lists every status',
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'pagination.filter.status.every-page',
  },
  {
    name: 'user-id-filter-first-page-only',
    description: 'GET /user_banks applies the user_id filter on the first page only; pages after a cursor list every user',
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'pagination.filter.user-id.every-page',
  },
  {
    name: 'cursor-trusted-filter',
    description: 'GET /user_banks takes the filters of a page after a cursor from the cursor, not from the request: a cursor of a status=X walk sent with status=Y lists X',
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'pagination.cursor.other-filter',
  },
  {
    name: 'user-id-filter-prefix-match',
    description: "GET /user_banks matches user_id as a prefix (LIKE 'value%'): a value that is only the start of a real id lists that User's banks",
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'pagination.filter.user-id.near-miss',
  },
  {
    name: 'status-filter-unknown-ignored',
    description: 'GET /user_banks drops a status filter whose value it does not know and lists every status, instead of matching nothing',
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'pagination.filter.status.unknown-value',
  },
  {
    name: 'user-id-filter-cache-key',
    description: "GET /user_banks caches the first page of a user_id-filtered listing under a key without the user_id: the next User filtered at the same limit gets the first User's page",
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'pagination.filter.user-id.every-page',
  },
  {
    name: 'bad-limit-500',
    description: 'GET /user_banks answers 500 to a limit that is not a whole number from 1 to 100',
    breaks: 'http.no-5xx',
    caughtBy: 'pagination.limit.out-of-range-no-5xx',
  },
  {
    name: 'bad-cursor-500',
    description: 'GET /user_banks answers 500 to a cursor it never issued',
    breaks: 'http.no-5xx',
    caughtBy: 'pagination.cursor.invalid-no-5xx',
  },
  {
    name: 'rfp-use-case-outside-enum',
    description: 'The last RfP Registration carries use_case "request_to_pay", a value outside the closed enum',
    breaks: 'rfp_registration.use_case',
    caughtBy: 'rfp-registrations.list.use-case-enum',
  },
  {
    name: 'rfp-field-missing',
    description: 'The last RfP Registration leaves out created_at, one of the four required fields',
    breaks: 'rfp_registration.required',
    caughtBy: 'rfp-registrations.list.fields',
  },
] as const satisfies readonly Fault[];
