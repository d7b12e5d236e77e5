import { fieldRequirements } from './resource-fields.js';
import type { CheckSpec } from './types.js';

/** Checks of GET /user_banks (spec 4.2, 2.1, 2.4, 8); walks and limits are in pagination.ts. */
export const userBanksListChecks = [
  {
    id: 'user-banks.list.schema',
    area: 'user-banks.list',
    requirement: 'list_user_banks.response',
    covers: ['list_user_banks.operation', 'list.envelope', 'list.data', 'list.next_cursor', ...fieldRequirements('user_bank')],
    title: 'GET /user_banks answers 2xx with a list envelope of User Bank objects',
  },
  {
    id: 'user-banks.list.envelope-empty',
    area: 'user-banks.list',
    requirement: 'list.envelope',
    covers: ['list.data', 'list.next_cursor'],
    title: 'An empty GET /user_banks is still an envelope: data [], next_cursor present',
    description: 'An empty result of GET /user_banks is still an envelope: data an empty array, next_cursor present',
  },
  {
    id: 'user-banks.list.filter-no-match',
    area: 'user-banks.list',
    requirement: 'list_user_banks.user_id_filter',
    covers: ['list_user_banks.status_filter'],
    title: 'GET /user_banks with a filter value that matches nothing answers an empty data array',
  },
] as const satisfies readonly CheckSpec[];
