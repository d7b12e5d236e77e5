import type { CheckSpec } from './types.js';

/** Checks of POST /user_banks (spec 4.1, 2.1). */
export const userBanksCreateChecks: CheckSpec[] = [
  {
    id: 'user-banks.create.schema',
    area: 'user-banks.create',
    requirement: 'create_user_bank.response',
    covers: ['create_user_bank.operation'],
    title: 'POST /user_banks with a valid body answers 2xx with one User Bank object with all its fields',
  },
];
