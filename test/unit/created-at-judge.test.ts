/**
 * created_at is judged against the server's own clock (the answer's Date header), and against the
 * suite's clock only when there is no Date header. Pure judgements over made-up answers.
 */
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../src/http/exchange.js';
import { describeOffset, judgeCreatedAt, type Creation } from '../../src/methods/property/valid-creation.js';

const NOW = Date.parse('2026-11-23T18:00:00.000Z');

function creation(createdAt: string, date: string | undefined): Creation {
  const exchange: Exchange = {
    seq: 1,
    request: { method: 'POST', url: 'http://127.0.0.1/user_banks', headers: {} },
    status: 201,
    headers: date === undefined ? {} : { date },
    bodyText: '{}',
    json: { id: 'b1', created_at: createdAt },
    durationMs: 5,
    throttledRetries: 0,
  };
  const input = {
    user_id: 'u1',
    account_number: '1234',
    routing_number: '011000015',
    account_holder_type: 'individual',
    bank_account_type: 'checking',
  };
  return { input, exchange, sentAt: NOW - 10, answeredAt: NOW + 10 };
}

const serverDate = (ms: number): string => new Date(ms).toUTCString();

describe('created_at against the server clock', () => {
  test('within 2 minutes of the Date header passes, whatever the suite clock says', () => {
    const serverNow = NOW + 6 * 3_600_000; // the suite's clock is 6 h behind the server's: not the target's defect
    expect(judgeCreatedAt(creation(new Date(serverNow + 30_000).toISOString(), serverDate(serverNow))).ok).toBe(true);
    expect(judgeCreatedAt(creation(new Date(serverNow - 120_500).toISOString(), serverDate(serverNow))).ok).toBe(true);
  });

  test('5 hours ahead of the Date header fails, naming the offset and a time-zone bug', () => {
    const verdict = judgeCreatedAt(creation(new Date(NOW + 5 * 3_600_000).toISOString(), serverDate(NOW)));
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.problem).toContain('5 h 0 min ahead of the server');
    expect(verdict.ok === false && verdict.problem).toContain('time-zone bug?');
  });

  test('7 minutes 13 seconds behind fails without guessing a time zone', () => {
    const verdict = judgeCreatedAt(creation(new Date(NOW - 433_000).toISOString(), serverDate(NOW)));
    expect(verdict.ok).toBe(false);
    expect(verdict.ok === false && verdict.problem).toContain('7 min 13 s behind');
    expect(verdict.ok === false && verdict.problem).not.toContain('time-zone');
  });

  test('without a Date header the suite clock decides: hours off is a warn, days off a fail', () => {
    const hours = judgeCreatedAt(creation(new Date(NOW + 5 * 3_600_000).toISOString(), undefined));
    expect(hours.ok).toBe(true);
    expect(hours.ok && hours.warning?.message).toContain('no Date header');
    expect(judgeCreatedAt(creation(new Date(NOW - 3 * 86_400_000).toISOString(), undefined)).ok).toBe(false);
    expect(judgeCreatedAt(creation(new Date(NOW - 3 * 86_400_000).toISOString(), 'not a date')).ok).toBe(false);
  });

  test('describeOffset', () => {
    expect(describeOffset(5 * 3_600_000)).toBe('5 h 0 min ahead of');
    expect(describeOffset(-(3_600_000 + 30 * 60_000))).toBe('1 h 30 min behind');
    expect(describeOffset(-3 * 86_400_000)).toBe('3 days behind');
  });
});
