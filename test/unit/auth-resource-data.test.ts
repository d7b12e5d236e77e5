/** What counts as resource data in a refusal (auth checks): data, not error bodies that echo a request. */
import { describe, expect, test } from 'vitest';
import { resourceDataIn } from '../../src/contract/checks/auth-operations.js';

describe('resourceDataIn', () => {
  test.each([
    ['a list with items', { data: [{ id: 'ub_1' }], next_cursor: null }, /list envelope with 1 item/],
    ['a User', { id: 'usr_1', first_name: 'Ada', ssn: '900000000' }, /id and ssn, first_name/],
    ['a User Bank wrapped in an error', { error: { code: 'x', bank: { id: 'ub_1', account_number: '0012' } } }, /account_number/],
    ['an RfP Registration in an array', [{ id: 'rfp_1', use_case: 'bill_pay' }], /use_case/],
  ])('finds %s', (_name, body, description) => {
    expect(resourceDataIn(body)).toMatch(description);
  });

  test.each([
    ['a simple error', { error: { code: 'unauthorized', message: 'a valid Bearer token is required' } }],
    ['a problem document', { type: 'https://errors.example/unauthorized', title: 'unauthorized', status: 401, detail: 'no' }],
    ['an empty list', { data: [], next_cursor: null }],
    ['an echoed request body (no id)', { error: 'unauthorized', request: { user_id: 'usr_1', account_number: '0012345678' } }],
    ['no JSON at all', undefined],
    ['a string', 'unauthorized'],
  ])('finds nothing in %s', (_name, body) => {
    expect(resourceDataIn(body)).toBeUndefined();
  });
});
