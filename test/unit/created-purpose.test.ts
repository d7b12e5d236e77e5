/**
 * The footprint names why each resource was created (issue 42): a body the spec lets a service accept
 * (an extra member) is "accepted with an extra member (allowed)", never one of the "invalid bodies the
 * target accepted", which conformant runs used to print.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { invalidCreateRequest } from '../../src/contract/arbitraries/invalid-body.js';
import { invalidRequestOptions } from '../../src/methods/property/invalid-creation.js';
import { createdSummary } from '../../src/results/report/wording.js';

const requests = fc.sample(invalidCreateRequest('usr_1'), { seed: 5, numRuns: 400 });

describe('why a body of an invalid-body check was created', () => {
  test('an extra member the spec allows: accepted (allowed), not an invalid body', () => {
    const extra = requests.find((r) => r.kind === 'unknown extra members');
    expect(extra).toBeDefined();
    expect(invalidRequestOptions(extra!).purpose).toBe('accepted with an extra member (allowed)');
  });

  test('a body that must or should be refused, when accepted, is an invalid body the target accepted', () => {
    const refusable = requests.filter((r) => r.expectation !== 'may-accept');
    expect(refusable.length).toBeGreaterThan(0);
    for (const r of refusable)
      expect(invalidRequestOptions(r).purpose).toBe('bodies the checks expected refused (a 4xx is the convention), accepted by the target');
  });

  test('the footprint sentence counts by that purpose', () => {
    const created = [
      {
        resource: 'user_bank' as const,
        id: 'ub_1',
        check: 'user-banks.create.invalid.refused',
        purpose: 'accepted with an extra member (allowed)',
      },
      {
        resource: 'user_bank' as const,
        id: 'ub_2',
        check: 'user-banks.create.invalid.refused',
        purpose: 'accepted with an extra member (allowed)',
      },
      { resource: 'user_bank' as const, id: 'ub_3', check: 'user-banks.create.schema' },
    ];
    const summary = createdSummary({ created });
    expect(summary).toBe('created 3 resource(s): 2 accepted with an extra member (allowed), 1 valid bodies of the creation properties');
    expect(summary).not.toContain('invalid bodies');
  });
});
