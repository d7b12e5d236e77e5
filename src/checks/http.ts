import type { CheckSpec } from './types.js';

/** Checks over every exchange of the run (universal HTTP facts). */
export const httpChecks = [
  {
    id: 'http.no-server-errors',
    area: 'http',
    requirement: 'http.no-5xx',
    title: 'No request of the whole run was answered with a 5xx',
  },
  {
    id: 'http.json-bodies',
    area: 'http',
    requirement: 'json.bodies',
    title: 'Every success answer of the whole run has a body that parses as JSON',
  },
  {
    id: 'http.every-answer-conforms',
    area: 'http',
    requirement: 'list_user_banks.response',
    covers: [
      'create_user_bank.response',
      'list_rfp_registrations.response',
      'get_user.response',
      'create_user_bank.returned_as_given',
      'create_user_bank.linked_user',
      'user_bank.id',
      'rfp_registration.id',
      'rfp_registration.one_per_use_case',
      'user_bank.user_id',
      'user_bank.account_holder_type',
      'user_bank.bank_account_type',
      'user_bank.created_at',
    ],
    title: "Every 2xx answer of the run matches its operation's schema and the other views",
    description:
      "Every 2xx answer of the whole run, whichever check asked, matches its operation's schema, lists each id (and each RfP use case) once, returns a create's values as given, and shows each User Bank as every other view shows it",
  },
  {
    id: 'http.pages-within-limit',
    area: 'http',
    requirement: 'list_user_banks.limit.maximum',
    covers: ['list_user_banks.limit.range'],
    title: 'No page of GET /user_banks in the run holds more than its limit or 100 items',
    description: 'No page of GET /user_banks in the whole run holds more items than its limit asked, nor more than 100',
  },
  {
    id: 'http.filters-keep-their-value',
    area: 'http',
    requirement: 'list_user_banks.status_filter',
    covers: ['list_user_banks.user_id_filter'],
    title: "Every User Bank of every filtered answer of the run carries the filter's value",
    description: 'Every User Bank of every filtered answer in the whole run carries the status and user_id it was asked for',
  },
  {
    id: 'http.credentials-required',
    area: 'http',
    requirement: 'auth.required.list_user_banks',
    covers: ['auth.required.create_user_bank', 'auth.required.list_rfp_registrations', 'auth.required.get_user'],
    title: 'No request of the whole run without a caller’s Bearer token was served',
  },
  {
    id: 'http.caller-data-only',
    area: 'http',
    requirement: 'tenant.isolation',
    title: 'No User Bank or User answered to one caller in the whole run was answered to the other',
  },
  {
    id: 'http.served-not-refused',
    area: 'http',
    requirement: 'list_user_banks.operation',
    covers: [
      'list_user_banks.limit.range',
      'list_user_banks.status_filter',
      'list_user_banks.user_id_filter',
      'list_user_banks.cursor',
      'list.next_cursor',
      'list_rfp_registrations.operation',
      'get_user.operation',
    ],
    title: 'No request of the run that the spec serves was refused with a 4xx',
    description:
      'No request of the whole run that the spec serves (a caller’s own, every parameter listed and in range, its own cursor) was refused with a 4xx',
  },
  {
    id: 'http.service-assigned-members',
    area: 'http',
    requirement: 'create_user_bank.response',
    title: 'No create of the run took a service-assigned member from its body',
    description: 'No create of the whole run took a member the service assigns (id, created_at, status, verification_status) from its body',
  },
  {
    id: 'http.json-content-type',
    area: 'http',
    requirement: 'conv.content_type',
    title: 'Every JSON success answer is labelled with a JSON content type',
  },
] as const satisfies readonly CheckSpec[];
