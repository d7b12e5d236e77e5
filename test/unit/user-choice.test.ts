/**
 * --user-id naming several Users: each list is counted before any check, over real HTTP against the
 * reference, and a count stops once it is past the fewest another User's list ended with.
 */
import { afterEach, expect, test } from 'vitest';
import { HttpClient } from '../../src/http/client.js';
import { bankLinkingApi } from '../../src/contract/operations/bank-linking-api.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { chooseUser } from '../../src/runner/user-choice.js';

const opened: { reference: RunningReference; client: HttpClient }[] = [];
afterEach(async () => {
  for (const { reference, client } of opened.splice(0)) {
    await client.close();
    await reference.close();
  }
});

async function target(extraBanks: number): Promise<{ reference: RunningReference; client: HttpClient }> {
  const reference = await startReference({ extraBanks });
  const client = new HttpClient({
    baseUrl: reference.url,
    api: bankLinkingApi,
    tokenA: reference.callers.a.token,
    timeoutMs: 5_000,
    maxBodyBytes: 1024 * 1024,
    concurrency: 4,
    rateLimit: 0,
    readOnly: true,
    maxWrites: 0,
    maxRetryAfterMs: 1_000,
    maxThrottleRetries: 0,
    throttleBudgetMs: 1_000,
  });
  opened.push({ reference, client });
  return { reference, client };
}

const pagesAsked = (client: HttpClient, userId: string): number =>
  client.log.filter((e) => e.method === 'GET' && new URL(e.url).searchParams.get('user_id') === userId).length;

test('a User past the fewest a list ended with is counted no further: "more than" what was read, and the smaller one is chosen', async () => {
  const { reference, client } = await target(3_000);
  const [big, small] = [reference.callers.a.userIds[0] as string, reference.callers.a.userIds[1] as string];
  const choice = await chooseUser(client, [big, small]);
  expect(choice.chosen).toBe(small);
  const bigCount = choice.counts.find((c) => c.userId === big);
  expect(bigCount?.complete).toBe(false);
  // Its first page (100) already outnumbers the small list's 45; the pages side by side with that
  // first answer may have gone on, but never to the 3,000 the User holds.
  expect(bigCount?.banks).toBeGreaterThanOrEqual(100);
  expect(pagesAsked(client, big)).toBeLessThan(5);
  expect(choice.sentence).toContain(`${big} more than ${bigCount?.banks}`);
});

test('Users whose lists all end are each counted whole', async () => {
  const { reference, client } = await target(0);
  const users = reference.callers.a.userIds.slice(0, 2) as string[];
  const choice = await chooseUser(client, users);
  expect(choice.counts.every((c) => c.complete)).toBe(true);
  const held = (user: string): number => reference.state.callers[0]?.banks.filter((b) => b.user_id === user).length ?? 0;
  expect(choice.counts.map((c) => c.banks)).toEqual(users.map(held));
});
