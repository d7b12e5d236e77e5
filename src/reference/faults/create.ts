import type { Fault } from './types.js';

/** Faults of POST /user_banks; the create handler and serialize.ts ask for them by name through state.fault(). */
export const createFaults = [
  {
    name: 'bank-account-number-masked',
    description: 'The create answer masks account_number (****1234) instead of returning it as given',
    breaks: 'create_user_bank.returned_as_given',
    caughtBy: 'user-banks.create.returned-as-given',
  },
  {
    name: 'bank-leading-zeros-dropped',
    description: 'account_number and routing_number are kept as integers: leading zeros are lost',
    breaks: 'create_user_bank.returned_as_given',
    caughtBy: 'user-banks.create.returned-as-given',
  },
  {
    name: 'bank-linked-to-other-user',
    description: 'A created bank is linked to another User of the caller than the user_id sent',
    breaks: 'create_user_bank.linked_user',
    caughtBy: 'user-banks.create.linked-user',
  },
  {
    name: 'bank-create-boolean-as-string',
    description: 'The create answer carries is_rtp_rfp_enabled as the string "false" instead of a boolean',
    breaks: 'user_bank.is_rtp_rfp_enabled',
    caughtBy: 'user-banks.create.schema',
  },
  {
    name: 'bank-create-missing-field',
    description: 'The create answer leaves out status',
    breaks: 'create_user_bank.response',
    caughtBy: 'user-banks.create.schema',
  },
  {
    name: 'bank-not-kept',
    description: 'A created bank is answered 201 but never stored: it is in no list',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'user-banks.create.persisted',
  },
  {
    name: 'bank-id-collision-concurrent',
    description: 'Bank ids come from a count read before the body arrives: banks created at once share an id',
    breaks: 'user_bank.id',
    caughtBy: 'user-banks.create.concurrent',
  },
  {
    name: 'bank-created-at-days-off',
    description: 'created_at of a new bank is three days before its creation',
    breaks: 'user_bank.created_at',
    caughtBy: 'user-banks.create.created-at',
  },
  {
    name: 'bank-created-at-hours-ahead',
    description: 'created_at of a new bank is the wall-clock time of a UTC+5 zone labelled as UTC: 5 hours ahead of the server\'s own Date header',
    breaks: 'user_bank.created_at',
    caughtBy: 'user-banks.create.created-at',
  },
  {
    name: 'bank-list-created-at-shifted',
    description: 'GET /user_banks gives created_at read in a UTC-5 session zone and labelled UTC: every listed bank is 5 hours earlier than its create answer said',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'user-banks.create.persisted',
  },
  {
    name: 'bank-rejected-but-kept',
    description: 'A body refused for its format (400) still leaves a bank behind',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'user-banks.create.invalid.creates-nothing',
  },
  {
    name: 'bank-create-500-on-wrong-type',
    description: 'A body member of the wrong JSON type (a number for a string) is answered 500',
    breaks: 'http.no-5xx',
    caughtBy: 'user-banks.create.invalid.no-5xx',
  },
  {
    name: 'bank-create-accepts-unknown-user',
    description: 'A body whose user_id names no User is accepted (201) and the bank linked to nobody',
    breaks: 'create_user_bank.linked_user',
    caughtBy: 'user-banks.create.invalid.refused',
  },
] as const satisfies readonly Fault[];
