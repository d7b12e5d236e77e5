import { describe, expect, test } from 'vitest';
import type { Finding } from '../../src/contract/checks/types.js';
import { outcomeForRequirement } from '../../src/results/requirement-outcome.js';
import { validate, type SchemaName } from '../../src/contract/schema/validator.js';
import { violatedRequirements } from '../../src/contract/schema/violated-requirements.js';
import { bank, rfp, user } from '../support/resource-fixtures.js';

const broken = (schema: SchemaName, value: unknown): string[] | undefined => {
  const violations = validate(schema, value);
  expect(violations.length).toBeGreaterThan(0);
  return violatedRequirements(schema, violations);
};
const { verification_status: _dropped, ...bankWithoutStatus } = bank;

describe('schema violations name the requirement they break', () => {
  test.each([
    ['a boolean as a string', 'user-bank', { ...bank, is_rtp_enabled: 'true' }, ['user_bank.is_rtp_enabled']],
    ['a missing member', 'user-bank', bankWithoutStatus, ['user_bank.verification_status']],
    [
      'a wrong type in the second item',
      'user-bank-list',
      { data: [bank, { ...bank, account_number: 12 }], next_cursor: null },
      ['user_bank.account_number'],
    ],
    ['a member missing in an item', 'user-bank-list', { data: [bankWithoutStatus], next_cursor: null }, ['user_bank.verification_status']],
    ['data null', 'user-bank-list', { data: null, next_cursor: null }, ['list.data']],
    ['next_cursor missing', 'user-bank-list', { data: [] }, ['list.next_cursor']],
    [
      'an internal status name and a numeric cursor',
      'rfp-registration-list',
      { data: [{ ...rfp, status: 'rfp_registration_active' }], next_cursor: 7 },
      ['rfp_registration.status', 'list.next_cursor'],
    ],
    [
      'an RfP field missing',
      'rfp-registration-list',
      { data: [{ id: 'r', created_at: rfp.created_at, status: 'active' }], next_cursor: null },
      ['rfp_registration.use_case', 'rfp_registration.required'],
    ],
    ['line2 left out', 'user', { ...user, address: { ...user.address, line2: undefined } }, ['user.address']],
    [
      'a month as a string and phone as a number',
      'user',
      { ...user, date_of_birth: { ...user.date_of_birth, month: '2' }, phone: 5551234567 },
      ['user.date_of_birth', 'user.phone'],
    ],
  ] as const)('%s (%s) breaks exactly %j', (_name, schema, value, expected) => {
    expect(broken(schema, value)?.sort()).toEqual([...expected].sort());
  });

  test('a value that is not the resource at all cannot be tied to one field: undefined', () => {
    expect(broken('user-bank', 'not an object')).toBeUndefined();
    expect(broken('user-bank-list', { data: ['x'], next_cursor: null })).toBeUndefined();
    expect(broken('user', [])).toBeUndefined();
  });
});

describe('the outcome a check gives each requirement it covers', () => {
  const finding = (requirements?: string[], severity: Finding['severity'] = 'fail'): Finding => ({
    severity,
    message: 'm',
    ...(requirements ? { requirements } : {}),
  });
  const check = (outcome: 'fail' | 'warn' | 'pass', findings: Finding[]) => ({
    requirement: 'list_user_banks.response',
    outcome,
    findings,
  });

  test("attributed findings fail only the requirements they name, not even the check's own", () => {
    const c = check('fail', [finding(['user_bank.is_rtp_enabled'])]);
    expect(outcomeForRequirement(c, 'user_bank.is_rtp_enabled')).toBe('fail');
    expect(outcomeForRequirement(c, 'user_bank.status')).toBe('pass');
    expect(outcomeForRequirement(c, 'list_user_banks.response')).toBe('pass');
  });

  test("an unattributed finding names the check's own requirement, and no other it covers", () => {
    const c = check('fail', [finding(['user_bank.is_rtp_enabled']), finding(undefined)]);
    expect(outcomeForRequirement(c, 'list_user_banks.response')).toBe('fail');
    expect(outcomeForRequirement(c, 'user_bank.is_rtp_enabled')).toBe('fail');
    expect(outcomeForRequirement(c, 'user_bank.status')).toBe('pass');
  });

  test('a check that failed with no finding marks its own requirement only', () => {
    expect(outcomeForRequirement(check('fail', []), 'list_user_banks.response')).toBe('fail');
    expect(outcomeForRequirement(check('fail', []), 'user_bank.status')).toBe('pass');
  });

  test('a warn finding naming a requirement gives it warn; a passed check gives pass', () => {
    expect(
      outcomeForRequirement(check('fail', [finding(['user_bank.status'], 'warn'), finding(['user_bank.id'])]), 'user_bank.status'),
    ).toBe('warn');
    expect(outcomeForRequirement(check('pass', []), 'user_bank.status')).toBe('pass');
  });
});
