import type { CheckSpec } from './types.js';

const area = 'pagination' as const;

/**
 * Cursor traversal, limit bounds and filters of GET /user_banks (spec 2.4, 4.2, 8), proved by
 * walking the list as a client does (src/methods/pagination/walker.ts). One behaviour per check; the walks
 * are shared, so judging a walk from several angles costs no extra request.
 */
export const paginationChecks = [
  {
    id: 'pagination.limit.default',
    area,
    requirement: 'list_user_banks.limit.default',
    title: 'Without a limit, the first page of GET /user_banks holds min(100, total) User Banks',
  },
  {
    id: 'pagination.envelope.every-page',
    area,
    requirement: 'list.envelope',
    covers: ['list.data', 'list.next_cursor'],
    title: 'Every page of every walk of GET /user_banks is a {data, next_cursor} envelope',
    description: 'Every page of every walk of GET /user_banks is an envelope with data (an array) and next_cursor (a string or null)',
  },
  {
    id: 'pagination.limit.honoured',
    area,
    requirement: 'list_user_banks.limit.range',
    title: 'With limit=1, 2, 7 and 100, no page holds more items than the limit',
    description: 'With limit=1, 2, 7 and 100, no page of GET /user_banks holds more items than the limit asked',
  },
  {
    id: 'pagination.limit.max-100',
    area,
    requirement: 'list_user_banks.limit.maximum',
    title: 'No page of GET /user_banks holds more than 100 items, whatever the limit',
    description: 'No page of GET /user_banks holds more than 100 items, whatever limit is asked (101, 1000, out-of-range values, none)',
  },
  {
    id: 'pagination.limit.out-of-range-no-5xx',
    area,
    requirement: 'http.no-5xx',
    covers: ['list_user_banks.limit.range'],
    title: 'GET /user_banks with limit 0, 101, -1, 1.5, abc or empty is never answered with a 5xx',
  },
  {
    id: 'pagination.limit.out-of-range-4xx',
    area,
    requirement: 'conv.limit.4xx',
    title: 'GET /user_banks with limit 0, -1, 1.5, abc or empty is refused with a 4xx',
    description: 'GET /user_banks with limit 0, -1, 1.5, abc or empty is refused with a 4xx (101 may be refused or capped to 100)',
  },
  {
    id: 'pagination.cursor.invalid-no-5xx',
    area,
    requirement: 'http.no-5xx',
    covers: ['list_user_banks.cursor'],
    title: 'GET /user_banks with a tampered or invented cursor is never answered with a 5xx',
  },
  {
    id: 'pagination.cursor.other-filter',
    area,
    requirement: 'list_user_banks.status_filter',
    covers: ['list_user_banks.user_id_filter', 'list_user_banks.cursor'],
    title: 'A next_cursor sent with another filter lists nothing outside the filter sent',
    description:
      'A next_cursor of a walk filtered by one status (one user_id) sent with another status (user_id) lists nothing outside the filter sent (or is refused)',
  },
  {
    id: 'pagination.cursor.invalid-4xx',
    area,
    requirement: 'conv.cursor.4xx',
    title: 'GET /user_banks with a tampered or invented cursor is refused with a 4xx',
  },
  {
    id: 'pagination.traversal.complete',
    area,
    requirement: 'list_user_banks.cursor',
    title: 'Walks at small limits list exactly the User Banks of a walk at limit=100',
    description:
      'Walking GET /user_banks with small limits lists exactly the User Banks of a walk at limit=100: nothing lost at a page boundary, nothing extra',
  },
  {
    id: 'pagination.traversal.no-duplicates',
    area,
    requirement: 'list_user_banks.cursor',
    covers: ['user_bank.id'],
    title: 'No walk of GET /user_banks lists a User Bank id twice',
  },
  {
    id: 'pagination.traversal.ends',
    area,
    requirement: 'list.next_cursor',
    title: 'Every walk of GET /user_banks ends with next_cursor null within its page cap',
    description:
      'Every walk of GET /user_banks ends with next_cursor null within its page cap (no loop, no endless cursor, at most one empty last page)',
  },
  {
    id: 'pagination.traversal.repeatable',
    area,
    requirement: 'list_user_banks.cursor',
    title: 'Two walks at limit=100 with nothing written between list the same User Banks',
    description: 'Two walks of GET /user_banks at limit=100 with nothing written between them list the same User Banks',
  },
  {
    id: 'pagination.filter.user-id.every-page',
    area,
    requirement: 'list_user_banks.user_id_filter',
    title: 'Every User Bank on every page of a user_id-filtered walk has that user_id',
  },
  {
    id: 'pagination.filter.user-id.complete',
    area,
    requirement: 'list_user_banks.user_id_filter',
    title: 'A user_id-filtered walk lists exactly the User Banks of that user in the unfiltered walk',
  },
  {
    id: 'pagination.filter.status.every-page',
    area,
    requirement: 'list_user_banks.status_filter',
    covers: ['user_bank.status'],
    title: 'Every User Bank on every page of a status-filtered walk has that status',
  },
  {
    id: 'pagination.filter.user-id.near-miss',
    area,
    requirement: 'list_user_banks.user_id_filter',
    title: 'A user_id filter close to a real one lists only banks with exactly that user_id',
    description:
      'GET /user_banks with a user_id only close to a real one (a proper prefix, other letter case, a character added) lists only User Banks with exactly that user_id (or is refused)',
  },
  {
    id: 'pagination.filter.status.unknown-value',
    area,
    requirement: 'list_user_banks.status_filter',
    title: 'A status filter no User Bank can have is refused or lists only that status',
    description: 'GET /user_banks with a status no User Bank can have is refused (4xx) or lists only User Banks with exactly that status',
  },
  {
    id: 'pagination.filter.status.complete',
    area,
    requirement: 'list_user_banks.status_filter',
    title: "A status-filtered walk lists exactly the unfiltered walk's banks of that status",
    description: 'A status-filtered walk lists exactly the User Banks with that status in the unfiltered walk',
  },
] as const satisfies readonly CheckSpec[];
