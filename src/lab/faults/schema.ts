import type { Fault } from './types.js';

/** Faults in the shape of returned resources, caught by the schema checks of each operation. */
export const schemaFaults = [
  {
    name: 'bank-boolean-as-string',
    description: 'User Banks in lists carry is_rtp_enabled as the string "true" instead of a boolean',
    breaks: 'user_bank.is_rtp_enabled',
    caughtBy: 'user-banks.list.schema',
    bends: { 'serialise.bank': (out, { context }) => (context === 'list' ? { ...out, is_rtp_enabled: String(out.is_rtp_enabled) } : out) },
  },
  {
    name: 'bank-list-missing-verification-status',
    description: 'User Banks in lists leave out verification_status',
    breaks: 'user_bank.verification_status',
    caughtBy: 'user-banks.list.schema',
    bends: {
      'serialise.bank': (out, { context }) => {
        if (context === 'list') delete out.verification_status;
        return out;
      },
    },
  },
  {
    name: 'rfp-internal-enum-names',
    description: 'RfP Registrations carry the internal names (rfp_registration_active) instead of the values',
    breaks: 'rfp_registration.status',
    caughtBy: 'rfp-registrations.list.schema',
    bends: {
      'serialise.rfp': (out, { rfp }) => ({
        ...out,
        status: `rfp_registration_${rfp.status}`,
        use_case: `rfp_registration_use_case_${rfp.use_case}`,
      }),
    },
  },
  {
    name: 'user-created-at-not-date-time',
    description: 'GET /users/{id} gives created_at as a Unix timestamp number',
    breaks: 'user.created_at',
    caughtBy: 'users.get.schema',
    bends: { 'serialise.user': (out, { user }) => ({ ...out, created_at: Math.floor(user.createdAt.getTime() / 1000) }) },
  },
  {
    name: 'bank-created-at-sql-datetime',
    description:
      "GET /user_banks gives created_at as the database's own text, '2026-11-26 07:28:00' (a space for the T): a string, but no ISO 8601 date-time",
    breaks: 'user_bank.created_at',
    caughtBy: 'user-banks.list.schema',
    bends: {
      'serialise.bank': (out, { bank, context }) =>
        context === 'list' ? { ...out, created_at: bank.createdAt.toISOString().slice(0, 19).replace('T', ' ') } : out,
    },
  },
  {
    name: 'rfp-created-at-no-offset',
    description:
      'GET /rfp_registrations gives created_at as a local time with no UTC offset (2026-11-26T07:28:00): ISO 8601, but not the RFC 3339 form a client can order',
    breaks: 'conv.timestamp.rfc3339',
    caughtBy: 'http.timestamps-rfc3339',
    bends: { 'serialise.rfp': (out, { rfp }) => ({ ...out, created_at: rfp.createdAt.toISOString().slice(0, 19) }) },
  },
  {
    name: 'rfp-list-500',
    description: 'GET /rfp_registrations answers 500 Internal Server Error',
    breaks: 'http.no-5xx',
    caughtBy: 'rfp-registrations.list.schema',
    bends: {
      'rfp.pool': () => {
        throw new Error('internal server error');
      },
    },
  },
] as const satisfies readonly Fault[];
