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
    title:
      "Every 2xx answer of the whole run, whichever check asked, matches its operation's schema, lists each id (and each RfP use case) once, returns a create's values as given, and shows each User Bank as every other view shows it",
  },
  {
    id: 'http.json-content-type',
    area: 'http',
    requirement: 'conv.content_type',
    title: 'Every JSON success answer is labelled with a JSON content type',
  },
] as const satisfies readonly CheckSpec[];
