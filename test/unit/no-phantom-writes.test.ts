/**
 * The phantom-write invariant (src/harness/invariants/no-phantom-writes.ts): an item listed with an
 * account number only this run made, under an id no create answered, is found once the run is read,
 * even when the list came before the create's answer; a number of another run, or one whose create
 * got no definite answer, is never judged.
 */
import { expect, test } from 'vitest';
import { ExchangeInvariants } from '../../src/harness/invariants/exchange-invariants.js';
import type { Exchange } from '../../src/http/exchange.js';
import { uniqueAccountNumber } from '../../src/harness/unique-account-number.js';
import { TEST_BASE, answered } from '../support/answered-exchange.js';

const exchange = (method: string, path: string, status: number, json: unknown, body?: unknown): Exchange =>
  answered(method, path, status, json, body !== undefined ? { body } : {});
const bank = (id: string, account_number: string) => ({ id, user_id: 'usr_a', account_number });
const list = (...items: unknown[]) => exchange('GET', '/user_banks', 200, { data: items, next_cursor: null });
const create = (account_number: string, status: number, id?: string) =>
  exchange('POST', '/user_banks', status, id !== undefined ? bank(id, account_number) : { error: 'x' }, {
    user_id: 'usr_a',
    account_number,
  });

test("a second bank with the run's own account number, under an id no create answered, is a phantom write, judged at the end", () => {
  const invariants = new ExchangeInvariants({ baseUrl: TEST_BASE, tokenA: 'tok-a' });
  const mine = uniqueAccountNumber();
  const stale = '17000000000000000'; // made long before this run: another run's number
  invariants.inspect(list(bank('ub_1', mine), bank('ub_2', mine), bank('ub_9', stale))); // listed before the create's answer arrived
  invariants.inspect(create(mine, 201, 'ub_1'));
  invariants.inspect(create(stale, 201, 'ub_8'));
  const tally = invariants.tally('http.no-phantom-writes');
  expect(tally.found).toBe(1);
  expect(tally.findings[0]?.message).toContain('ub_2');
  expect(invariants.tally('http.no-phantom-writes').found).toBe(1); // settled once
});

test('a number whose create got no definite answer, or was refused and not listed, is no phantom', () => {
  const invariants = new ExchangeInvariants({ baseUrl: TEST_BASE, tokenA: 'tok-a' });
  const dropped = uniqueAccountNumber();
  const refused = uniqueAccountNumber();
  invariants.inspect(create(dropped, 503));
  invariants.inspect(create(refused, 400));
  invariants.inspect(list(bank('ub_5', dropped)));
  expect(invariants.tally('http.no-phantom-writes').found).toBe(0);
});

test("the stateful sequences' spelling of a run's number (its first digit written 0) is the run's too", () => {
  const invariants = new ExchangeInvariants({ baseUrl: TEST_BASE, tokenA: 'tok-a' });
  const mine = uniqueAccountNumber({ leadingZero: true });
  expect(mine.startsWith('0')).toBe(true);
  invariants.inspect(create(mine, 201, 'ub_1'));
  invariants.inspect(list(bank('ub_1', mine), bank('ub_3', mine)));
  const tally = invariants.tally('http.no-phantom-writes');
  expect(tally.found).toBe(1);
  expect(tally.findings[0]?.message).toContain('ub_3');
});
