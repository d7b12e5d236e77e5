/**
 * The masking rule of personal values (issue 56): every JSON type keeps its shape (type, length,
 * member names, element count) and loses its content, so the evidence of a shape fault still shows it.
 */
import { describe, expect, test } from 'vitest';
import { personalMaskOf, maskPersonalAt } from '../../src/http/personal-members.js';
import { maskAccountNumber, maskKeepingShape, maskLearned } from '../../src/http/shape-mask.js';

describe('maskKeepingShape', () => {
  test('a string says its length, never a character of it; the empty string is kept', () => {
    expect(maskKeepingShape('Jane')).toBe('[masked string, 4 chars]');
    expect(maskKeepingShape('J')).toBe('[masked string, 1 char]');
    expect(maskKeepingShape('jane.doe@example.com')).toBe('[masked string, 20 chars]');
    expect(maskKeepingShape('')).toBe('');
  });

  test('a number says it is one and how many characters it prints as, never a digit', () => {
    expect(maskKeepingShape(1990)).toBe('[masked number, 4 chars]');
    expect(maskKeepingShape(8)).toBe('[masked number, 1 char]');
    expect(maskKeepingShape(-3.5)).toBe('[masked number, 4 chars]');
    expect(maskKeepingShape(5551234567)).toBe('[masked number, 10 chars]');
  });

  test('null and booleans are kept: they name no one, and they are the shape', () => {
    expect(maskKeepingShape(null)).toBeNull();
    expect(maskKeepingShape(true)).toBe(true);
    expect(maskKeepingShape(false)).toBe(false);
  });

  test('an object keeps its member names, each value masked by the same rule, at any depth', () => {
    expect(maskKeepingShape({ date: 8, month: 11, year: 1990 })).toEqual({
      date: '[masked number, 1 char]',
      month: '[masked number, 2 chars]',
      year: '[masked number, 4 chars]',
    });
    expect(maskKeepingShape({ a: { b: ['xy', null] }, c: {} })).toEqual({ a: { b: ['[masked string, 2 chars]', null] }, c: {} });
  });

  test('an array keeps its length and the kind of each element', () => {
    expect(maskKeepingShape(['ab', 12, true, null, { k: 'v' }, []])).toEqual([
      '[masked string, 2 chars]',
      '[masked number, 2 chars]',
      true,
      null,
      { k: '[masked string, 1 char]' },
      [],
    ]);
  });

  test('a value that is not JSON is said by its type alone', () => {
    expect(maskKeepingShape(undefined)).toBe('[masked undefined]');
    expect(maskKeepingShape(12n)).toBe('[masked bigint]');
  });

  test('a good and a bad date_of_birth differ; two good ones of the same lengths read the same', () => {
    const good = JSON.stringify(maskKeepingShape({ date: 8, month: 3, year: 1990 }));
    expect(JSON.stringify(maskKeepingShape('1990-03-08'))).not.toBe(good);
    expect(JSON.stringify(maskKeepingShape({ date: 8, month: 3, year: '1990' }))).not.toBe(good);
    expect(JSON.stringify(maskKeepingShape({ day: 8, month: 3, year: 1990 }))).not.toBe(good);
    expect(JSON.stringify(maskKeepingShape({ date: 9, month: 4, year: 1985 }))).toBe(good);
  });
});

describe('account numbers and learned values', () => {
  test('an account number keeps its last 4, and a number says it is one', () => {
    expect(maskAccountNumber('0012345678')).toBe('******5678');
    expect(maskAccountNumber('123')).toBe('***');
    expect(maskAccountNumber(12345678)).toBe('[masked number ****5678]');
    expect(maskAccountNumber({ number: '0012345678' })).toEqual({ number: '[masked string, 10 chars]' });
    expect(maskAccountNumber(null)).toBeNull();
  });

  test('a learned value quoted in free text names its member and length', () => {
    expect(maskLearned('ssn', '912345678')).toBe('[masked ssn, 9 chars]');
    expect(maskLearned('account_number', '0012345678')).toBe('******5678');
  });
});

describe('which members are personal', () => {
  test('names, contacts, SSN, date of birth and street lines are masked to their shape; account numbers keep the last 4', () => {
    for (const member of ['ssn', 'email', 'phone', 'first_name', 'last_name', 'line1', 'line2', 'date_of_birth'])
      expect(personalMaskOf(member), member).toBe(maskKeepingShape);
    expect(personalMaskOf('account_number')).toBe(maskAccountNumber);
    for (const member of ['id', 'user_id', 'routing_number', 'status', 'created_at', 'city', 'state', 'zip', 'next_cursor'])
      expect(personalMaskOf(member), member).toBeUndefined();
  });

  test('a value at a path is masked by the nearest personal member on it, else each personal member inside it', () => {
    expect(maskPersonalAt('/date_of_birth/year', '1990')).toBe('[masked string, 4 chars]');
    expect(maskPersonalAt('/data/0/account_number', 12345678)).toBe('[masked number ****5678]');
    expect(maskPersonalAt('/data', { id: 'u1', ssn: '912345678', address: { line1: '1 Main', city: 'X' } })).toEqual({
      id: 'u1',
      ssn: '[masked string, 9 chars]',
      address: { line1: '[masked string, 6 chars]', city: 'X' },
    });
    expect(maskPersonalAt('/status', 'active')).toBe('active');
  });
});
