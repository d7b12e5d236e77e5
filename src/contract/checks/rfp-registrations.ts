import { fieldRequirements } from './resource-fields.js';
import type { CheckSpec } from './types.js';

const area = 'rfp-registrations' as const;

/** Checks of GET /rfp_registrations (spec 4.3, 2.3); every page is walked, following any non-null next_cursor. */
export const rfpRegistrationsChecks = [
  {
    id: 'rfp-registrations.list.schema',
    area,
    requirement: 'list_rfp_registrations.response',
    covers: ['list_rfp_registrations.operation', ...fieldRequirements('rfp_registration'), 'rfp_registration.states'],
    title: 'GET /rfp_registrations answers 2xx with a list envelope of RfP Registration objects',
  },
  {
    id: 'rfp-registrations.list.walk',
    area,
    requirement: 'list_rfp_registrations.all',
    covers: ['list.envelope', 'list.next_cursor'],
    title: 'GET /rfp_registrations can be read to the end, every page an envelope',
    description: 'GET /rfp_registrations can be read to the end: every page an envelope, a non-null next_cursor followed until null',
  },
  {
    id: 'rfp-registrations.list.fields',
    area,
    requirement: 'rfp_registration.required',
    title: 'Every RfP Registration on every page has all four fields: id, created_at, status, use_case',
  },
  {
    id: 'rfp-registrations.list.status-enum',
    area,
    requirement: 'rfp_registration.status',
    covers: ['rfp_registration.states'],
    title: 'Every RfP Registration status is one of pending, active, inactive (never an internal name)',
  },
  {
    id: 'rfp-registrations.list.use-case-enum',
    area,
    requirement: 'rfp_registration.use_case',
    title: "Every RfP Registration use_case is one of the spec's three values",
    description: 'Every RfP Registration use_case is one of account_to_account, business_to_business, bill_pay (never an internal name)',
  },
  {
    id: 'rfp-registrations.list.unique-ids',
    area,
    requirement: 'rfp_registration.id',
    title: 'No RfP Registration id appears twice in the list',
  },
] as const satisfies readonly CheckSpec[];
