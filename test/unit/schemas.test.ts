import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { schemasDir } from '../../src/core/paths.js';
import { validate } from '../../src/contract/schema/validator.js';

import { bank, rfp, user } from '../support/resource-fixtures.js';

describe('resource schemas (spec section 2)', () => {
  test('valid resources pass, extra members included, values beyond the known ones included', () => {
    expect(validate('user-bank', { ...bank, extra: 1, status: 'closed', account_holder_type: 'business' })).toEqual([]);
    expect(validate('user', { ...user, extra: true })).toEqual([]);
    expect(validate('rfp-registration', rfp)).toEqual([]);
    expect(validate('user-bank-list', { data: [bank], next_cursor: 'abc' })).toEqual([]);
    expect(validate('rfp-registration-list', { data: [], next_cursor: null })).toEqual([]);
  });

  test.each([
    ['boolean as string', { ...bank, is_rtp_enabled: 'true' }],
    ['missing field', (({ verification_status: _, ...rest }) => rest)(bank)],
    ['account number as number', { ...bank, account_number: 12345 }],
    ['created_at not a date-time', { ...bank, created_at: '2025-01-01' }],
  ])('a User Bank with %s fails', (_name, value) => {
    expect(validate('user-bank', value).length).toBeGreaterThan(0);
  });

  test.each([
    ['phone as a number', { ...user, phone: 5551234567 }],
    ['ssn with dashes', { ...user, ssn: '912-34-5678' }],
    ['date_of_birth as a string', { ...user, date_of_birth: '1990-02-01' }],
    ['a date_of_birth member as a string', { ...user, date_of_birth: { date: '1', month: 2, year: 1990 } }],
    ['line2 left out', { ...user, address: { line1: '1', city: 'X', state: 'IL', zip: '1' } }],
  ])('a User with %s fails', (_name, value) => {
    expect(validate('user', value).length).toBeGreaterThan(0);
  });

  test.each([
    ['internal status name', { ...rfp, status: 'rfp_registration_pending' }],
    ['unknown use case', { ...rfp, use_case: 'payroll' }],
    ['a missing field', { id: 'r', created_at: rfp.created_at, status: 'active' }],
  ])('an RfP Registration with %s fails', (_name, value) => {
    expect(validate('rfp-registration', value).length).toBeGreaterThan(0);
  });

  test.each([
    ['data missing', { next_cursor: null }],
    ['next_cursor missing', { data: [] }],
    ['data null', { data: null, next_cursor: null }],
    ['next_cursor a number', { data: [], next_cursor: 2 }],
  ])('an envelope with %s fails', (_name, value) => {
    expect(validate('list-envelope', value).length).toBeGreaterThan(0);
  });
});

describe('the schema files themselves', () => {
  // The validator skips ajv's meta-schema pass at each start (every run's worker would pay it): here
  // every schema file is held against the JSON Schema 2020-12 meta-schema instead, and a broken one fails.
  test('every schema in schemas/ is valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false });
    const files = readdirSync(schemasDir).filter((f) => f.endsWith('.schema.json'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const valid = ajv.validateSchema(JSON.parse(readFileSync(join(schemasDir, file), 'utf8')));
      expect(valid, `${file}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
    expect(ajv.validateSchema({ type: 'objekt' })).toBe(false);
  });
});
