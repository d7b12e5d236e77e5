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
    name: 'bank-account-number-bigint',
    description:
      'GET /user_banks writes account_number from a BIGINT column as it comes, a JSON number (12345678), instead of the string 2.1 states',
    breaks: 'user_bank.account_number',
    caughtBy: 'user-banks.list.schema',
    bends: {
      // The list query reads the numeric column and the serialiser writes the value as the driver typed it.
      'serialise.bank': (out, { bank, context }) => (context === 'list' ? { ...out, account_number: Number(bank.account_number) } : out),
    },
  },
  {
    name: 'bank-create-routing-number-not-returned',
    description:
      'POST /user_banks answers the row its INSERT ... RETURNING gives back, and the RETURNING list leaves routing_number out: the created User Bank lacks it',
    breaks: 'user_bank.routing_number',
    caughtBy: 'user-banks.create.schema',
    bends: {
      'serialise.bank': (out, { context }) => {
        if (context === 'create') delete out.routing_number;
        return out;
      },
    },
  },
  {
    name: 'bank-holder-type-int-enum',
    description:
      'GET /user_banks gives account_holder_type as a number (1): the model holds it as an integer enum (IntEnum), which the JSON encoder writes as its value, not its name',
    breaks: 'user_bank.account_holder_type',
    caughtBy: 'user-banks.list.schema',
    bends: {
      'serialise.bank': (out, { bank, context }) =>
        context === 'list' ? { ...out, account_holder_type: HOLDER_TYPE_CODES[bank.account_holder_type] ?? 0 } : out,
    },
  },
  {
    name: 'bank-account-type-column-name',
    description:
      "GET /user_banks names bank_account_type after its database column, account_type: the list's serialiser was generated from the table, not the API's field names",
    breaks: 'user_bank.bank_account_type',
    caughtBy: 'user-banks.list.schema',
    bends: {
      'serialise.bank': (out, { context }) => {
        if (context !== 'list') return out;
        const { bank_account_type: accountType, ...rest } = out;
        return { ...rest, account_type: accountType };
      },
    },
  },
  {
    name: 'bank-status-nested-row',
    description:
      'GET /user_banks gives status as the associated status row, {"code": "active", "changed_at": ...}, which the serialiser includes whole, instead of the string 2.1 states',
    breaks: 'user_bank.status',
    caughtBy: 'user-banks.list.schema',
    bends: {
      'serialise.bank': (out, { bank, context }) =>
        context === 'list' ? { ...out, status: { code: bank.status, changed_at: out.created_at } } : out,
    },
  },
  {
    name: 'bank-list-summary-objects',
    description:
      "GET /user_banks answers each User Bank through the collection's summary serialiser (id, user_id, status, created_at), as many APIs do for lists: data holds no whole User Bank objects",
    breaks: 'list_user_banks.response',
    alsoBreaks: ['user_bank.account_number'],
    caughtBy: 'user-banks.list.schema',
    bends: {
      'list.answer': (answer) => ({
        ...answer,
        body: {
          ...answer.body,
          data: (answer.body.data ?? []).map(({ id, user_id, status, created_at }) => ({ id, user_id, status, created_at })),
        },
      }),
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

/** The integer enum's values a model would give the holder types (0 is the enum's unset value). */
const HOLDER_TYPE_CODES: Record<string, number> = { individual: 1, business: 2 };
