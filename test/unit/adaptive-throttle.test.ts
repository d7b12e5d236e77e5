/** The client-wide adaptive throttle on a clock the test moves: rate halving, wall-clock pause, climbing back. */
import { describe, expect, test } from 'vitest';
import { AdaptiveThrottle } from '../../src/http/adaptive-throttle.js';
import { HttpClient } from '../../src/http/client.js';
import { bankLinkingApi } from '../../src/contract/operations/bank-linking-api.js';
import { startReference } from '../../src/lab/server.js';

function clocked(ceiling = 0, budgetMs = 20_000): { throttle: AdaptiveThrottle; advance(ms: number): void; at(): number } {
  let now = 1_000_000;
  const throttle = new AdaptiveThrottle(ceiling, budgetMs, () => now);
  return { throttle, advance: (ms) => (now += ms), at: () => now };
}

/** Lets `count` requests go at once (nothing limits them before the first 429). */
async function burst(throttle: AdaptiveThrottle, count: number): Promise<number[]> {
  const sent: number[] = [];
  for (let i = 0; i < count; i += 1) sent.push(await throttle.acquire());
  return sent;
}

describe('the adaptive throttle', () => {
  test('20 requests throttled at once pause the run one Retry-After, not twenty', async () => {
    const { throttle } = clocked();
    const sent = await burst(throttle, 20);
    for (const at of sent) expect(throttle.onThrottled(at, 1_000)).toBe(true);
    expect(throttle.stats().pausedMs).toBe(1_000);
    expect(throttle.stats().throttled).toBe(20);
  });

  test('the rate halves once for a burst of 429s, from the rate measured when the target pushed back', async () => {
    const { throttle } = clocked();
    const sent = await burst(throttle, 100);
    for (const at of sent) throttle.onThrottled(at, 1_000);
    expect(throttle.stats().adaptiveRate).toBe(50);
    expect(throttle.stats().lowestRate).toBe(50);
  });

  test('a 429 to a request sent after the last reaction halves the rate again', async () => {
    const { throttle, advance } = clocked();
    const first = await burst(throttle, 100);
    throttle.onThrottled(first[0] as number, 1_000);
    advance(1_000);
    const later = await throttle.acquire();
    throttle.onThrottled(later, 1_000);
    expect(throttle.stats().adaptiveRate).toBeLessThanOrEqual(25);
  });

  test('successes let the rate climb back towards the rate at which the target pushed back, and past it later', async () => {
    const { throttle, advance } = clocked();
    const sent = await burst(throttle, 100);
    for (const at of sent) throttle.onThrottled(at, 1_000);
    advance(2_000);
    throttle.onSuccess();
    const climbing = throttle.stats().adaptiveRate as number;
    expect(climbing).toBeGreaterThan(50);
    expect(climbing).toBeLessThan(100);
    advance(10_000);
    throttle.onSuccess();
    expect(throttle.stats().adaptiveRate as number).toBeGreaterThan(100);
  });

  test('--rate-limit stays a ceiling over the adapted rate', async () => {
    const { throttle, advance } = clocked(30);
    const at = await throttle.acquire();
    throttle.onThrottled(at, 100);
    advance(60_000);
    throttle.onSuccess();
    expect(throttle.stats().adaptiveRate).toBe(30);
    expect(throttle.stats().ceiling).toBe(30);
  });

  test('the pause budget is wall-clock time: overlapping Retry-Afters count once, a pause past the budget is refused', async () => {
    const { throttle, advance } = clocked(0, 2_500);
    const at = await throttle.acquire();
    expect(throttle.onThrottled(at, 1_000)).toBe(true);
    advance(500);
    expect(throttle.onThrottled(at, 1_000)).toBe(true); // up to 1.5 s: only 0.5 s more
    expect(throttle.stats().pausedMs).toBe(1_500);
    advance(1_000);
    expect(throttle.onThrottled(at, 1_000)).toBe(true); // 2.5 s in all
    advance(1_000);
    expect(throttle.onThrottled(at, 1_000)).toBe(false);
    expect(throttle.stats().pausedMs).toBe(2_500);
  });
});

describe('the HTTP client against a reference throttled at 20 requests a second (429 + Retry-After: 1)', () => {
  test('60 requests 8 at a time all succeed; every 429 paused the client once, well within the pause budget', async () => {
    const reference = await startReference({ variation: { throttlePerSecond: 20 } });
    const client = new HttpClient({
      baseUrl: reference.url,
      api: bankLinkingApi,
      tokenA: reference.callers.a.token,
      timeoutMs: 5_000,
      maxBodyBytes: 1 << 20,
      concurrency: 8,
      rateLimit: 0,
      readOnly: true,
      maxWrites: 0,
      maxRetryAfterMs: 5_000,
      maxThrottleRetries: 3,
      throttleBudgetMs: 20_000,
    });
    try {
      const statuses: number[] = [];
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < 60) {
          next += 1;
          statuses.push((await client.send({ path: '/rfp_registrations' })).status);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      const stats = client.throttleStats();
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(reference.rateGate?.refused).toBeGreaterThan(0);
      expect(stats.throttled).toBe(reference.rateGate?.refused);
      // Each 429 asked for 1 s; summed per request they would pass the budget's worth, the wall-clock pause does not.
      expect(stats.pausedMs).toBeLessThan(stats.throttled * 1_000 + 1);
      expect(stats.pausedMs).toBeGreaterThanOrEqual(1_000);
      expect(stats.lowestRate).not.toBeNull();
    } finally {
      await client.close();
      await reference.close();
    }
  });
});
