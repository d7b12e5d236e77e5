/**
 * Choices that are values only, read where they apply (no code of their own): the status of each
 * answer the spec leaves open, the id format (ids.ts), and a User Bank status beyond "active" (fixtures.ts).
 */
import type { Choice } from './choice.js';

export const createStatusChoice: Choice = {
  name: 'creation status',
  silence: '4.5: "Status codes of successful responses for all endpoints: not shown."',
  fields: ['createStatus'],
  alternatives: [
    { does: '201 Created', holds: (v) => v.createStatus === 201, variations: ['baseline'] },
    { does: '200 OK', holds: (v) => v.createStatus === 200, variations: ['ok-200-desc-offset', 'create-200-digits-422'] },
  ],
  code: [],
};

const FAILURES = '7: "Error response shape, error codes and status codes for failures: not shown."';

export const badInputStatusChoice: Choice = {
  name: 'bad input status',
  silence: FAILURES,
  fields: ['badInputStatus'],
  alternatives: [
    { does: '400', holds: (v) => v.badInputStatus === 400, variations: ['baseline'] },
    { does: '422', holds: (v) => v.badInputStatus === 422, variations: ['lenient-capped', 'lists-desc-offset-capped'] },
  ],
  code: [],
};

export const unknownUserStatusChoice: Choice = {
  name: 'unknown user status',
  silence: FAILURES,
  fields: ['unknownUserStatus'],
  alternatives: [
    { does: '404', holds: (v) => v.unknownUserStatus === 404, variations: ['baseline'] },
    { does: '400', holds: (v) => v.unknownUserStatus === 400, variations: ['paged-rfp-403', 'create-200-digits-422'] },
    { does: '422', holds: (v) => v.unknownUserStatus === 422, variations: ['lenient-capped'] },
  ],
  code: [],
};

export const idFormatChoice: Choice = {
  name: 'id format',
  silence: '2.1: id "Unique identifier of the User Bank. Returned by the service." (its format is not shown; 2.2 likewise)',
  fields: ['idFormat'],
  alternatives: [
    { does: 'prefixed (ub_...)', holds: (v) => v.idFormat === 'prefixed', variations: ['baseline'] },
    { does: 'a UUID', holds: (v) => v.idFormat === 'uuid', variations: ['ok-200-desc-offset'] },
    { does: 'digits', holds: (v) => v.idFormat === 'digits', variations: ['lenient-capped', 'create-200-digits-422'] },
  ],
  code: ['src/lab/ids.ts'],
};

export const otherBankStatusChoice: Choice = {
  name: 'User Bank status beyond active',
  silence:
    '2.1: "Allowed values of account_holder_type, bank_account_type, status and verification_status beyond the known values above: not shown."',
  fields: ['otherBankStatus'],
  alternatives: [
    { does: 'inactive', holds: (v) => v.otherBankStatus === 'inactive', variations: ['baseline'] },
    { does: 'a status the spec names nowhere', holds: (v) => v.otherBankStatus === 'closed', variations: ['statuses-unnamed'] },
  ],
  code: ['src/lab/fixtures.ts'],
};
