/**
 * The other legitimate spelling of a query (src/http/query-spelling.ts) and its use by the
 * served-not-refused invariant: a refused request whose query a client may spell otherwise is sent
 * again once in that spelling (a few per run), and the finding says which spelling the server refused.
 */
import { describe, expect, test } from 'vitest';
import { ExchangeInvariants } from '../../src/harness/invariants/exchange-invariants.js';
import type { HttpClient, RequestOptions } from '../../src/http/client.js';
import type { Exchange } from '../../src/http/exchange.js';
import { otherQuerySpelling, spellingOf } from '../../src/http/query-spelling.js';
import { TEST_BASE, answered } from '../support/answered-exchange.js';

const valuesOf = (query: string): [string, string][] => [...new URLSearchParams(query)];

describe('the other spelling of a query', () => {
  test.each([
    ['cursor=2026-11-26T10%3A15%3A30.123Z_p1&limit=5', 'cursor=2026-11-26T10:15:30.123Z_p1&limit=5'],
    ['cursor=eyJrIjoxfQ%3D%3D', 'cursor=eyJrIjoxfQ=='],
    ['cursor=a%26b%3Dc%2Bd%20e%2Ff%3Fg%23h%25x', 'cursor=a%26b=c%2Bd%20e/f?g%23h%25x'],
    ['cursor=%32abc', 'cursor=2abc'],
    ['cursor=10:15', 'cursor=10%3A15'],
  ])('%s is also %s, the same values', (sent, other) => {
    expect(otherQuerySpelling(sent)).toBe(other);
    expect(valuesOf(other)).toEqual(valuesOf(sent));
  });

  test('none where every character has one spelling, or a raw + is already in question', () => {
    expect(otherQuerySpelling('cursor=eyJrIjoxfQ.tag_-~&limit=10')).toBeUndefined();
    expect(otherQuerySpelling('cursor=a+b%3A')).toBeUndefined();
    expect(otherQuerySpelling('cursor=%E0%A4%A')).toBeUndefined();
  });

  test('says how each spelling writes the characters they differ in', () => {
    expect(spellingOf('c=a%3Ab%2Fc', 'c=a:b/c')).toBe("with ':' '/' percent-encoded (%3A %2F)");
    expect(spellingOf('c=a:b/c', 'c=a%3Ab%2Fc')).toBe("with ':' '/' raw");
  });
});

const exchange = (path: string, status: number, json: unknown): Exchange =>
  answered('GET', path, status, json, { headers: { authorization: 'Bearer tok-a', accept: 'application/json' } });

/** A client whose answers the test gives, each one inspected as the run's client hands it to the invariants. */
function clientAnswering(invariants: ExchangeInvariants, status: number): { client: HttpClient; sent: string[] } {
  const sent: string[] = [];
  const send = async (options: RequestOptions): Promise<Exchange> => {
    sent.push(options.path);
    const answer = exchange(options.path, status, status === 200 ? { data: [], next_cursor: null } : { error: 'invalid_cursor' });
    invariants.inspect(answer);
    return answer;
  };
  return { client: { send } as unknown as HttpClient, sent };
}

/** The run saw the server issue `cursor` and then refuse it passed back, `times` times. */
function refusedCursor(cursor: string, times = 1): ExchangeInvariants {
  const invariants = new ExchangeInvariants({ baseUrl: TEST_BASE, tokenA: 'tok-a' });
  invariants.inspect(exchange('/user_banks?limit=1', 200, { data: [], next_cursor: cursor }));
  for (let i = 0; i < times; i += 1)
    invariants.inspect(exchange(`/user_banks?limit=1&cursor=${encodeURIComponent(cursor)}`, 400, { error: 'invalid_cursor' }));
  return invariants;
}

describe('a refused cursor sent again in its other spelling', () => {
  test('served raw: the finding says the percent-encoded spelling was refused, and the verdict stays a fail', async () => {
    const invariants = refusedCursor('2026-11-26T10:15:30Z_p1');
    const { client, sent } = clientAnswering(invariants, 200);
    await invariants.followUp(client);
    await invariants.followUp(client); // once per run
    expect(sent).toEqual(['/user_banks?limit=1&cursor=2026-11-26T10:15:30Z_p1']);
    const tally = invariants.tally('http.served-not-refused');
    expect(tally.found).toBe(1);
    expect(tally.findings[0]?.message).toContain("Sent again with ':' raw, it was served (200)");
    expect(tally.findings[0]?.message).toContain("refused only the spelling with ':' percent-encoded (%3A)");
  });

  test('refused raw too: the finding names both spellings, and the follow-up is no second finding', async () => {
    const invariants = refusedCursor('2026-11-26T10:15:30Z_p1');
    const { client } = clientAnswering(invariants, 400);
    await invariants.followUp(client);
    const tally = invariants.tally('http.served-not-refused');
    expect(tally.found).toBe(1);
    expect(tally.findings[0]?.message).toContain('refused both spellings');
    expect(tally.findings[0]?.actual).toBe("400 to the query with ':' percent-encoded (%3A); 400 to it with ':' raw");
  });

  test('only where the spelling can differ, and a few per run', async () => {
    const plain = refusedCursor('eyJrIjoxfQ.tag');
    const none = clientAnswering(plain, 200);
    await plain.followUp(none.client);
    expect(none.sent).toEqual([]);
    const many = refusedCursor('10:15_p', 8);
    const some = clientAnswering(many, 200);
    await many.followUp(some.client);
    expect(some.sent).toHaveLength(3);
    expect(many.tally('http.served-not-refused').found).toBe(8);
  });
});
