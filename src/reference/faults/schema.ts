import type { Fault } from './types.js';

/** Faults in the shape of returned resources, caught by the schema checks of each operation. */
export const schemaFaults = [
  {
    name: 'bank-boolean-as-string',
    description: 'User Banks in lists carry is_rtp_enabled as the string "true" instead of a boolean',
    breaks: 'user_bank.is_rtp_enabled',
    caughtBy: 'user-banks.list.schema',
  },
  {
    name: 'bank-list-missing-verification-status',
    description: 'User Banks in lists leave out verification_status',
    breaks: 'user_bank.verification_status',
    caughtBy: 'user-banks.list.schema',
  },
  {
    name: 'rfp-internal-enum-names',
    description: 'RfP Registrations carry the internal names (rfp_registration_active) instead of the values',
    breaks: 'rfp_registration.status',
    caughtBy: 'rfp-registrations.list.schema',
  },
  {
    name: 'user-created-at-not-date-time',
    description: 'GET /users/{id} gives created_at as a Unix timestamp number',
    breaks: 'user.created_at',
    caughtBy: 'users.get.schema',
  },
  {
    name: 'rfp-list-500',
    description: 'GET /rfp_registrations answers 500 Internal Server Error',
    breaks: 'http.no-5xx',
    caughtBy: 'rfp-registrations.list.schema',
  },
] as const satisfies readonly Fault[];
