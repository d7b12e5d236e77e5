/**
 * The generators themselves: valid inputs are valid (ABA checksum, lengths, known types, leading
 * zeros often enough to matter), invalid ones are invalid in the way they say, and the same seed
 * gives the same inputs (what makes --seed replay a failure).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountNumber, accountNumberOfBadLength } from '../../src/contract/arbitraries/account-number.js';
import { createBody } from '../../src/contract/arbitraries/create-body.js';
import { invalidCreateRequest, type InvalidCreateRequest } from '../../src/contract/arbitraries/invalid-body.js';
import { ROUTING_PREFIXES, routingNumber, routingNumberWithBadChecksum } from '../../src/contract/arbitraries/routing-number.js';
import { UNKNOWN_USER_PREFIX, unknownUserId } from '../../src/contract/arbitraries/unknown-user-id.js';
import { abaChecksumOk } from '../../src/core/domain/routing-number.js';
import { KNOWN_ACCOUNT_TYPES, KNOWN_HOLDER_TYPES } from '../../src/core/domain/user-bank.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { validate } from '../../src/contract/schema/validator.js';

const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 400, seed = 42): T[] => fc.sample(arb, { seed, numRuns });

describe('routing numbers', () => {
  test('nine digits, a valid ABA checksum, a real first two digits, many with a leading zero', () => {
    const values = sample(routingNumber());
    for (const value of values) {
      expect(value).toMatch(/^\d{9}$/);
      expect(abaChecksumOk(value), value).toBe(true);
      expect(ROUTING_PREFIXES).toContain(value.slice(0, 2));
    }
    expect(values.filter((v) => v.startsWith('0')).length).toBeGreaterThan(values.length * 0.2);
  });

  test('a bad checksum is nine digits that fail the checksum', () => {
    for (const value of sample(routingNumberWithBadChecksum())) {
      expect(value).toMatch(/^\d{9}$/);
      expect(abaChecksumOk(value), value).toBe(false);
    }
  });
});

describe('account numbers', () => {
  test('4 to 17 digits, leading zeros kept in a good share of them', () => {
    const values = sample(accountNumber());
    for (const value of values) expect(value).toMatch(/^\d{4,17}$/);
    expect(values.filter((v) => v.startsWith('0')).length).toBeGreaterThan(values.length * 0.2);
    expect(new Set(values.map((v) => v.length)).size).toBeGreaterThan(10);
  });

  test('bad lengths are digits outside 4..17', () => {
    for (const value of sample(accountNumberOfBadLength())) {
      expect(value).toMatch(/^\d+$/);
      expect(value.length < 4 || value.length > 17, value).toBe(true);
    }
  });
});

describe('create bodies', () => {
  test('every member, in its format, with the known types; valid against the request schema', () => {
    for (const body of sample(createBody('usr_1'), 200)) {
      expect(validate('create-user-bank-request', body)).toEqual([]);
      expect(body.user_id).toBe('usr_1');
      expect(KNOWN_HOLDER_TYPES).toContain(body.account_holder_type);
      expect(KNOWN_ACCOUNT_TYPES).toContain(body.bank_account_type);
      expect(abaChecksumOk(body.routing_number)).toBe(true);
    }
  });

  test('the same seed gives the same bodies in the same order; another seed others', () => {
    expect(sample(createBody('u'), 30, 7)).toEqual(sample(createBody('u'), 30, 7));
    expect(sample(createBody('u'), 30, 7)).not.toEqual(sample(createBody('u'), 30, 8));
  });
});

describe('unknown user ids', () => {
  test('prefixed, often in need of escaping, and one path segment once escaped', () => {
    const values = sample(unknownUserId());
    for (const id of values) {
      expect(id.startsWith(UNKNOWN_USER_PREFIX)).toBe(true);
      const segment = encodeURIComponent(id);
      expect(segment).not.toContain('/');
      expect(decodeURIComponent(segment)).toBe(id);
    }
    expect(values.filter((id) => encodeURIComponent(id) !== id).length).toBeGreaterThan(values.length * 0.3);
  });
});

describe('invalid create requests', () => {
  const requests = sample(invalidCreateRequest('usr_1'), 600);

  test('every family of defect is generated', () => {
    const kinds = new Set(
      requests.map((r) => r.kind.replace(/^(account_number|routing_number|user_id|account_holder_type|bank_account_type) /, '<field> ')),
    );
    for (const family of [
      '<field> missing',
      '<field> is an empty string',
      '<field> has non-digits',
      '<field> with a bad checksum',
      '<field> of a bad length',
      '<field> of an unknown value',
      '<field> of no user',
      'unknown extra members',
    ]) {
      expect([...kinds], family).toContain(family);
    }
    expect(requests.some((r) => r.kind.startsWith('malformed JSON'))).toBe(true);
    expect(requests.some((r) => r.kind.includes('not an object'))).toBe(true);
    expect(requests.some((r) => r.kind.startsWith('a JSON body labelled'))).toBe(true);
    expect(new Set(requests.map((r) => r.expectation))).toEqual(new Set(['must-reject', 'should-reject', 'may-accept']));
  });

  test('must-reject means no object, no JSON, or no user_id of the configured user', () => {
    for (const request of requests.filter((r) => r.expectation === 'must-reject')) {
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        continue; // malformed: nothing to link
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body)) continue;
      expect((body as { user_id?: unknown }).user_id, request.kind).not.toBe('usr_1');
    }
  });

  describe('against the reference implementation', () => {
    let strict: RunningReference;
    let lenient: RunningReference;
    beforeAll(async () => {
      strict = await startReference({ variation: 'baseline' });
      lenient = await startReference({ variation: 'lenient-capped' });
    });
    afterAll(async () => {
      await strict.close();
      await lenient.close();
    });

    const send = async (reference: RunningReference, request: InvalidCreateRequest): Promise<number> => {
      const userId = reference.callers.a.userIds[0] as string;
      const res = await fetch(`${reference.url}/user_banks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${reference.callers.a.token}`, 'content-type': request.contentType },
        body: request.rawBody.split('usr_1').join(userId),
      });
      await res.arrayBuffer();
      return res.status;
    };

    test('strict validation refuses every request but the may-accept ones; lenient never accepts a must-reject one', async () => {
      for (const request of requests.slice(0, 150)) {
        const strictStatus = await send(strict, request);
        const lenientStatus = await send(lenient, request);
        expect(strictStatus, request.kind).toBeLessThan(500);
        expect(lenientStatus, request.kind).toBeLessThan(500);
        if (request.expectation !== 'may-accept') expect(strictStatus, `${request.kind}: ${request.rawBody}`).toBeGreaterThanOrEqual(400);
        if (request.expectation === 'must-reject') expect(lenientStatus, request.kind).toBeGreaterThanOrEqual(400);
      }
    });
  });
});
