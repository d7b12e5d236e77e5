import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ReplacementIndex } from '../../src/http/replacement-index.js';
import { Redactor } from '../../src/http/redact.js';

describe('ReplacementIndex: many known values replaced in one pass', () => {
  test('every occurrence, anywhere in the string, keeps what is around it', () => {
    const index = new ReplacementIndex(5);
    index.add('912345678', '[ssn]');
    index.add('a.person@example.com', '[email]');
    expect(index.replaceIn('ssn 912345678, again912345678x; mail a.person@example.com.')).toBe('ssn [ssn], again[ssn]x; mail [email].');
    expect(index.replaceIn('nothing here')).toBe('nothing here');
    expect(index.replaceIn('9123')).toBe('9123');
  });

  test('the longest value starting at a place wins, so a value containing another is replaced whole', () => {
    const index = new ReplacementIndex(5);
    index.add('12345', '[short]');
    index.add('1234567890', '[long]');
    expect(index.replaceIn('1234567890 12345 123456')).toBe('[long] [short] [short]6');
  });

  test('it replaces as a naive scan does (at each place the longest value, then on after it), whatever the characters', () => {
    const naive = (values: Map<string, string>, input: string): string => {
      const longestFirst = [...values.keys()].sort((a, b) => b.length - a.length);
      let out = '';
      for (let i = 0; i < input.length;) {
        const value = longestFirst.find((v) => input.startsWith(v, i));
        if (value === undefined) out += input[i++];
        else {
          out += values.get(value);
          i += value.length;
        }
      }
      return out;
    };
    const char = fc.constantFrom('1', '2', '3', '-', 'a', '@', 'é', '\u{1F600}', '\uffff');
    const text = (min: number, max: number) => fc.array(char, { minLength: min, maxLength: max }).map((c) => c.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(text(3, 9), { maxLength: 6 }), fc.array(text(0, 30), { maxLength: 4 }), (values, inputs) => {
        const index = new ReplacementIndex(3);
        const kept = new Map<string, string>();
        for (const [i, value] of values.entries()) if (index.add(value, `[${i}]`)) kept.set(value, `[${i}]`);
        for (const input of [...inputs, values.join('x')]) expect(index.replaceIn(input)).toBe(naive(kept, input));
      }),
      { numRuns: 500 },
    );
  });

  test('values shorter than the prefix and repeated values are refused', () => {
    const index = new ReplacementIndex(5);
    expect(index.add('1234', 'x')).toBe(false);
    expect(index.add('12345', 'x')).toBe(true);
    expect(index.add('12345', 'y')).toBe(false);
    expect(index.size).toBe(1);
    expect(index.replaceIn('12345')).toBe('x');
  });

  test('a redactor that learned 50,000 account numbers still masks the first and the last of them in free text', () => {
    const redactor = new Redactor([{ value: 'tok-secret', placeholder: '$CONFORMANCE_TOKEN' }]);
    const banks = Array.from({ length: 50_000 }, (_, i) => ({ account_number: String(10_000_000_000 + i) }));
    redactor.learnFrom({ data: banks });
    const text = redactor.text('first 10000000000, last 10000049999, token tok-secret, not learned 99999999999');
    expect(text).toBe('first *******0000, last *******9999, token $CONFORMANCE_TOKEN, not learned 99999999999');
  });
});
