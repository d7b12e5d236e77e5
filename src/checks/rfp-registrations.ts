import type { CheckSpec } from './types.js';

/** Checks of GET /rfp_registrations (spec 4.3, 2.3). */
export const rfpRegistrationsChecks: CheckSpec[] = [
  {
    id: 'rfp-registrations.list.schema',
    area: 'rfp-registrations',
    requirement: 'list_rfp_registrations.response',
    covers: ['list_rfp_registrations.operation', 'rfp_registration.required', 'rfp_registration.id', 'rfp_registration.created_at', 'rfp_registration.status', 'rfp_registration.use_case', 'rfp_registration.states'],
    title: 'GET /rfp_registrations answers 2xx with a list envelope of RfP Registration objects',
  },
];
