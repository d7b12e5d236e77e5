import { describe, expect, test } from 'vitest';
import { readableQuote } from '../../src/results/report/readable-quote.js';
import { requirements } from '../../src/core/requirements.js';

describe('readableQuote', () => {
  test('a field row of the spec reads as "field (type): note"', () => {
    expect(
      readableQuote('| address | object | Fields: line1 (string), line2 (string or null), city (string), state (string), zip (string). |'),
    ).toBe('address (object): Fields: line1 (string), line2 (string or null), city (string), state (string), zip (string).');
  });

  test('a row of four cells keeps the middle ones in parentheses', () => {
    expect(readableQuote('| status | pending | rfp_registration_pending | The registration is pending. |')).toBe(
      'status (pending, rfp_registration_pending): The registration is pending.',
    );
  });

  test('a quoted list item loses its bullet', () => {
    expect(readableQuote('- Method and path: POST /user_banks')).toBe('Method and path: POST /user_banks');
  });

  test('prose and malformed rows pass through unchanged', () => {
    expect(readableQuote('Bodies are JSON.')).toBe('Bodies are JSON.');
    expect(readableQuote('| only one cell |')).toBe('| only one cell |');
    expect(readableQuote('| a |  | c |')).toBe('| a |  | c |');
  });

  test('no quote of the catalog reaches a reader as a table row', () => {
    for (const req of requirements) {
      const text = readableQuote(req.quote);
      expect(text.startsWith('|'), req.id).toBe(false);
      expect(text.endsWith('|'), req.id).toBe(false);
      expect(text.startsWith('- '), req.id).toBe(false);
    }
  });
});
