/**
 * The availability watch (src/http/availability.ts): a target that answers nearly nothing but 502,
 * 503 or 504, to more than one operation, is down; now and then a refusal, or one operation that
 * always fails, is not.
 */
import { describe, expect, test } from 'vitest';
import { Availability } from '../../src/http/availability.js';

describe('the availability watch', () => {
  test('19 of the latest 20 answers transient refusals, to two operations: down, with one sentence of what it answered since when', () => {
    const watch = new Availability();
    for (let i = 0; i < 30; i += 1) watch.observe(200, 'GET /user_banks', 1_000 + i, 1_000 + i);
    expect(watch.down).toBeUndefined();
    watch.observe(200, 'GET /users/u1', 2_000, 2_000);
    for (let i = 0; i < 18; i += 1) watch.observe(503, i % 2 === 0 ? 'GET /user_banks' : 'POST /user_banks', 2_001 + i, 2_001 + i);
    expect(watch.down).toBeUndefined();
    watch.observe(503, 'GET /rfp_registrations', 3_000, 3_000);
    expect(watch.down?.since).toBe(2_001);
    expect(watch.down?.sentence).toMatch(
      /^the target answered 503 to 19 of the latest 20 requests from 00:00:02 UTC \(19 of 50 in all\): it looks down or in maintenance/,
    );
  });

  test('one operation that always fails behind a proxy is not the target down: it stays that operation’s defect', () => {
    const watch = new Availability();
    for (let i = 0; i < 40; i += 1) watch.observe(502, 'POST /user_banks', i, i);
    expect(watch.down).toBeUndefined();
  });

  test('refusals now and then, as a busy gateway gives them, are never down', () => {
    const watch = new Availability();
    for (let i = 0; i < 1_000; i += 1) watch.observe(i % 10 === 0 ? 503 : 200, i % 3 === 0 ? 'GET /user_banks' : 'POST /user_banks', i, i);
    expect(watch.down).toBeUndefined();
  });

  test('whether a request sent since a moment was served: only an answer other than a transient refusal counts, by when its request left', () => {
    const watch = new Availability();
    watch.observe(200, 'GET /a', 10, 12);
    watch.observe(503, 'GET /b', 20, 21);
    expect(watch.servedSentSince(10)).toBe(true);
    expect(watch.servedSentSince(11)).toBe(false);
    // Sent before the moment, answered after it (a target that has just gone down still answering what it had): does not count.
    watch.observe(200, 'GET /c', 5, 40);
    expect(watch.servedSentSince(11)).toBe(false);
    watch.observe(404, 'GET /d', 30, 31);
    expect(watch.servedSentSince(11)).toBe(true);
  });
});
