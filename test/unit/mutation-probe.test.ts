/**
 * The differential probe (scripts/mutation-probe.ts) is what holds an explanation of a surviving
 * mutant to account, so it must see both things it looks for, for real (two references on
 * 127.0.0.1, requests sent raw): a catalogued fault on the subject's side stands in for a mutant.
 * Two clean references must agree byte for byte, or every "no difference" claim would be refused.
 */
import { expect, test } from 'vitest';
import { differentialProbe } from '../../scripts/mutation-probe.js';

test('two clean references started from the same seed: no 5xx, and every valid answer the same', async () => {
  const finding = await differentialProbe({});
  expect(finding.serverErrors).toEqual([]);
  expect(finding.differences).toEqual([]);
  expect(finding.valid).toBeGreaterThan(30);
  expect(finding.requests - finding.valid).toBeGreaterThan(100);
});

test('a fault that answers 500 to a body member of the wrong JSON type: the 5xx found, no valid answer differs', async () => {
  const finding = await differentialProbe({ faults: ['bank-create-500-on-wrong-type'] });
  expect(finding.serverErrors.map((e) => e.request)).toContain('POST /user_banks with a number in account_number');
  expect(finding.serverErrors.every((e) => e.answer.startsWith('500 '))).toBe(true);
  expect(finding.differences).toEqual([]);
});

test('a fault that changes a created bank: the create and the lists after it differ', async () => {
  const finding = await differentialProbe({ faults: ['bank-account-number-masked'] });
  expect(finding.serverErrors).toEqual([]);
  const create = finding.differences.find((d) => d.request === 'POST /user_banks (account number 000712345678)');
  expect(create?.subject).toContain('"account_number":"****5678"');
  expect(create?.baseline).toContain('"account_number":"000712345678"');
});

test('a fault that changes a list page: the pages differ, and the side with the fault may be either', async () => {
  const subject = await differentialProbe({ faults: ['limit-ignored'] });
  expect(subject.differences.map((d) => d.request)).toContain('GET /user_banks?limit=2 as a, page 1');
  const baseline = await differentialProbe({}, { faults: ['limit-ignored'] });
  expect(baseline.differences.map((d) => d.request)).toContain('GET /user_banks?limit=2 as a, page 1');
  expect(baseline.serverErrors).toEqual([]);
});

test("each side's enter runs before each of its own requests, as the Stryker runner switches the mutant", async () => {
  const order: string[] = [];
  const finding = await differentialProbe({ enter: () => order.push('subject') }, { enter: () => order.push('baseline') });
  // Once before each reference starts, then once per request on each side, alternating.
  expect(order).toHaveLength(2 + 2 * finding.requests);
  expect(order.slice(2).every((side, i) => side === (i % 2 === 0 ? 'subject' : 'baseline'))).toBe(true);
});
