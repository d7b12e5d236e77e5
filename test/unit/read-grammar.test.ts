/**
 * The read grammar (src/methods/robustness/read-grammar.ts): GETs only (so --read-only sends it whole), every
 * pair of classes of two components of an operation in some request within its budget, the same
 * requests for the same seed, and every class of every component sent at least once.
 */
import { describe, expect, test } from 'vitest';
import { READ_GRAMMAR_BUDGET, readGrammar, type ReadMaterials } from '../../src/methods/robustness/read-grammar.js';

const withB: ReadMaterials = { userIdA: 'usr_a1', userIdB: 'usr_b1', hasCallerB: true, cursorA: 'cA9', cursorB: 'cB9' };
const alone: ReadMaterials = { userIdA: 'usr_a1', hasCallerB: false };

describe('the read grammar', () => {
  test.each([
    ['with a second caller and cursors', withB],
    ['alone, no cursor issued', alone],
  ])('%s: GETs only, every pair covered within the budget, deterministic', (_, materials) => {
    const { requests, coverage } = readGrammar(materials, 42);
    expect(requests.every((r) => r.method === 'GET')).toBe(true);
    expect(requests.length).toBeLessThanOrEqual(READ_GRAMMAR_BUDGET);
    expect(coverage.requests).toBe(requests.length);
    expect(coverage.covered).toBe(coverage.pairs);
    for (const op of coverage.operations) expect(op.covered, op.template).toBe(op.pairs);
    expect(readGrammar(materials, 42).requests).toEqual(requests);
  });

  test('every class of every component is sent: another caller only when there is one', () => {
    const { requests } = readGrammar(withB, 7);
    for (const words of [
      "another caller's token",
      'user_id another caller',
      'cursor another caller',
      'limit boundary 100',
      'status percent-encoded',
      'no Accept header',
    ])
      expect(
        requests.some((r) => r.kind.includes(words)),
        words,
      ).toBe(true);
    expect(requests.some((r) => r.path.includes('user_id=usr_b1'))).toBe(true);
    expect(readGrammar(alone, 7).requests.some((r) => r.auth === 'b' || r.path.includes('usr_b1'))).toBe(false);
  });

  test('no Accept header is a request without one (RFC 9110 12.5.1: any media type), on every operation', () => {
    const bare = readGrammar(withB, 3).requests.filter((r) => r.kind.endsWith('no Accept header'));
    expect(new Set(bare.map((r) => r.path.split(/[/?]/)[1]))).toEqual(new Set(['user_banks', 'users', 'rfp_registrations']));
    for (const r of bare) expect(r.headers).toEqual({ accept: null });
  });

  test.each([42, 7])('within the budget, each Accept class is also sent where nothing else is unusual (seed %i)', (seed) => {
    const kinds = new Set(readGrammar(withB, seed).requests.map((r) => r.kind));
    for (const accept of ['Accept: application/json', 'Accept: text/html', 'no Accept header'])
      for (const plain of [
        `GET /user_banks with no query, the caller's token, ${accept}`,
        `GET /users/{user_id} with the id valid, the caller's token, ${accept}`,
        `GET /rfp_registrations with no query, the caller's token, ${accept}`,
      ])
        expect(kinds.has(plain), plain).toBe(true);
  });

  test('a percent-encoded value is the same value once decoded (RFC 3986 6.2.2.2)', () => {
    const encoded = readGrammar(withB, 1).requests.find((r) => r.kind.includes('status percent-encoded') && !r.kind.includes('status['));
    expect(new URL(`http://h${encoded?.path}`).searchParams.get('status')).toBe('active');
  });
});
