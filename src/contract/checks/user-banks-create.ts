import { fieldRequirements } from './resource-fields.js';
import type { CheckSpec } from './types.js';

const area = 'user-banks.create' as const;

/**
 * Checks of POST /user_banks (spec 4.1, 2.1). Each is a fast-check property over generated bodies
 * (src/contract/arbitraries); the valid-body properties share their requests, so they cost the writes of one.
 */
export const userBanksCreateChecks = [
  {
    id: 'user-banks.create.schema',
    area,
    requirement: 'create_user_bank.response',
    covers: ['create_user_bank.operation', ...fieldRequirements('user_bank'), 'json.bodies'],
    title: 'A valid POST /user_banks answers 2xx with one whole User Bank (property)',
    description: 'POST /user_banks with a valid body answers 2xx with one User Bank object with all its fields (property)',
  },
  {
    id: 'user-banks.create.returned-as-given',
    area,
    requirement: 'create_user_bank.returned_as_given',
    title: 'A created User Bank has account_number and routing_number as sent (property)',
    description: 'The created User Bank carries account_number and routing_number exactly as sent, leading zeros included (property)',
  },
  {
    id: 'user-banks.create.linked-user',
    area,
    requirement: 'create_user_bank.linked_user',
    title: 'The created User Bank is linked to the user_id it was created for (property)',
  },
  {
    id: 'user-banks.create.created-at',
    area,
    requirement: 'user_bank.created_at',
    title: 'created_at of a created User Bank is the time of creation (property)',
    description:
      "created_at of a created User Bank is the time of creation: within 2 minutes of the answer's Date header (without one: within a day of the suite's clock, a warn past 15 minutes) (property)",
  },
  {
    id: 'user-banks.create.status-code',
    area,
    requirement: 'conv.create.2xx',
    title: 'A creation is answered 201 Created or 200 OK (property)',
  },
  {
    id: 'user-banks.create.persisted',
    area,
    requirement: 'create_user_bank.persisted',
    covers: ['list_user_banks.user_id_filter'],
    title: 'A created User Bank is then listed once with its values (property)',
    description:
      'A created User Bank then appears exactly once in GET /user_banks?user_id=..., with the values it was created with (property)',
  },
  {
    id: 'user-banks.create.concurrent',
    area,
    requirement: 'user_bank.id',
    covers: ['create_user_bank.persisted'],
    title: 'User Banks created concurrently (20 at once) get distinct ids and all appear in the list',
  },
  {
    id: 'user-banks.create.invalid.creates-nothing',
    area,
    requirement: 'create_user_bank.persisted',
    title: 'A refused create request creates nothing (property)',
    description: "A refused create request creates nothing (proved by listing the User's banks after each) (property)",
  },
  {
    id: 'user-banks.create.invalid.refused',
    area,
    requirement: 'create_user_bank.linked_user',
    covers: ['create_user_bank.body_object'],
    title: 'A body with nothing to link to a User is never answered 2xx (property)',
    description: 'A body that is not a JSON object, is malformed, or has no known user_id is never answered 2xx (property)',
  },
  {
    id: 'user-banks.create.invalid.no-5xx',
    area,
    requirement: 'http.no-5xx',
    title: 'No invalid create request is answered with a 5xx (property)',
  },
  {
    id: 'user-banks.create.invalid.4xx',
    area,
    requirement: 'conv.bad_input.4xx',
    title: 'Invalid create requests are answered with a 4xx (property)',
    description: 'Invalid create requests are answered with a 4xx (where the spec does not say what is required: a warn) (property)',
  },
] as const satisfies readonly CheckSpec[];
