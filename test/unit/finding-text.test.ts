/**
 * What a reader is shown of a finding (issue 30): a schema violation names the value it saw (a
 * personal one by its shape only: type, length, member names; issue 56), and a long message is
 * wrapped on word boundaries, never cut.
 */
import { describe, expect, test } from 'vitest';
import { wrapText } from '../../src/results/report/wrap.js';
import { describeViolations, validate } from '../../src/contract/schema/validator.js';
import { bank, rfp, user } from '../support/resource-fixtures.js';

describe('a schema violation shows the value that broke it', () => {
  test('the value seen, as JSON, beside the rule', () => {
    const text = describeViolations(validate('user-bank', { ...bank, is_rtp_enabled: 'true' }));
    expect(text).toBe('/is_rtp_enabled must be boolean, seen "true"');
    const enumText = describeViolations(validate('rfp-registration-list', { data: [{ ...rfp, use_case: 'P2P_PAY' }], next_cursor: 7 }));
    expect(enumText).toContain('/data/0/use_case must be one of');
    expect(enumText).toContain('seen "P2P_PAY"');
    expect(enumText).toContain('/next_cursor must be string,null, seen 7');
  });

  test('a personal value is described by its shape, never shown', () => {
    const text = describeViolations(validate('user', { ...user, ssn: '912-34-5678' }));
    expect(text).toContain('/ssn must match pattern');
    expect(text).toContain('seen "[masked string, 11 chars]"');
    expect(text).not.toContain('912-34-5678');
    // An account number keeps its last 4, and says it came as a number.
    expect(describeViolations(validate('user-bank', { ...bank, account_number: 123456789 }))).toContain('seen "[masked number *****6789]"');
    // date_of_birth as a string, and a member of it of the wrong type: the shape that is wrong shows.
    expect(describeViolations(validate('user', { ...user, date_of_birth: '1990-03-08' }))).toContain(
      '/date_of_birth must be object, seen "[masked string, 10 chars]"',
    );
    const yearAsText = describeViolations(validate('user', { ...user, date_of_birth: { date: 8, month: 3, year: '1990' } }));
    expect(yearAsText).toContain('/date_of_birth/year must be');
    expect(yearAsText).toContain('seen "[masked string, 4 chars]"');
    expect(yearAsText).not.toContain('1990');
  });

  test('a whole resource seen where it should not be has its personal members masked, the rest shown', () => {
    const text = describeViolations(validate('list-envelope', { data: { ...user, first_name: 'Jeanette' }, next_cursor: null }));
    expect(text).toContain('/data must be array');
    expect(text).toContain(`"id":"${user.id}"`);
    expect(text).not.toContain('Jeanette');
    expect(text).toContain('"first_name":"[masked string, 8 chars]"');
  });

  test('a missing member has no value; a long one is cut with its length', () => {
    const { verification_status: _, ...missing } = bank;
    expect(describeViolations(validate('user-bank', missing))).toBe('(root) required member "verification_status" is missing');
    const long = describeViolations(validate('user-bank', { ...bank, created_at: 'x'.repeat(300) }));
    expect(long).toContain('… (302 characters)');
  });
});

describe('long messages wrap instead of being cut', () => {
  test('every word kept, no line over the width unless one word is', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`);
    const lines = wrapText(words.join(' '), 40, '  ');
    expect(lines.join(' ').split(/\s+/).filter(Boolean)).toEqual(words);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
    const url = `https://example.com/${'a'.repeat(80)}`;
    expect(wrapText(`see ${url} now`, 40, '')).toEqual(['see', url, 'now']);
  });
});
