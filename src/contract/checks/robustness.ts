import type { CheckSpec } from './types.js';

/** Requests drawn from HTTP's and JSON's grammar (src/methods/robustness/): whatever the spec leaves open, never a 5xx. */
export const robustnessChecks = [
  {
    id: 'robustness.unusual-requests-no-5xx',
    area: 'robustness',
    requirement: 'http.no-5xx',
    title: 'Unusual but legal requests are never answered with a 5xx',
    description:
      'Unusual but legal requests (methods not defined, repeated or odd query values, long and non-ASCII values, other labels and Accept values) are never answered with a 5xx',
  },
  {
    id: 'robustness.refused-requests-store-nothing',
    area: 'robustness',
    requirement: 'create_user_bank.persisted',
    title: 'An unusual POST /user_banks that is refused stores nothing',
    description:
      'An unusual POST /user_banks that is refused (4xx) stores nothing: no User Bank with its account number is listed after the settle window',
  },
] as const satisfies readonly CheckSpec[];
