/**
 * One accepted create adds exactly one User Bank: a list item carrying an account number only this
 * run sent, under an id no create of the run was answered with, is a write nobody asked for (issue
 * 41, item 4), not "another writer": no other writer can know the number. A double insert (an ORM
 * hook that saves as well as the handler), a retried insert behind a gateway, a refused create kept,
 * all show here on whichever list answer holds the extra item.
 *
 * "Only this run sent" is proven by the number itself: src/harness/unique-account-number.ts makes 17
 * digits that begin with the millisecond they were made (or that time with its first digit written 0,
 * the stateful sequences' spelling), so a number whose time falls inside this run was made by it.
 * Values the run sent otherwise (the properties' drawn numbers, the grammars' fixed ones) prove
 * nothing of the kind: another run on the same target may have sent them, and its banks are not
 * phantoms. A number whose create got no definite answer (a 5xx, 408 or 429: a gateway's
 * refusal may come after the service stored it) is left out: the run cannot know whether it was stored. Judged when the run-wide
 * check reads it, after every create was answered, since a list may show a bank before its create's
 * answer arrives.
 */
import { isRecord } from '../../core/domain/is-record.js';
import type { Exchange } from '../../http/exchange.js';
import { isSuccess, sentObject } from '../../http/exchange.js';
import type { ExchangeInvariant } from './invariant.js';
import { itemsOf } from './seen-exchange.js';
import { madeAt } from '../unique-account-number.js';

const MAX_REMEMBERED = 100_000;
const UNDECIDED = new Set([408, 429]);

export function noPhantomWrites(startedAt = Date.now()): ExchangeInvariant {
  /** Account numbers this run made and sent in a create that was answered definitely. */
  const sent = new Set<string>();
  /** Sent in a create whose answer does not say whether it was stored. */
  const undecided = new Set<string>();
  /** Ids the run's creates were answered with. */
  const answered = new Set<string>();
  /** Account number -> the first list item (id, exchange) that showed it. */
  const listed = new Map<string, { id: string; exchange: Exchange }[]>();
  const ours = (accountNumber: unknown): accountNumber is string => {
    if (typeof accountNumber !== 'string') return false;
    const at = madeAt(accountNumber);
    return at !== undefined && at >= startedAt && at <= Date.now();
  };

  return {
    inspect(seen) {
      const { exchange } = seen;
      if (seen.operation === 'create') {
        const body = sentObject(exchange);
        if (body === undefined || !ours(body.account_number)) return;
        const definite = exchange.status < 500 && !UNDECIDED.has(exchange.status);
        (definite ? sent : undecided).add(body.account_number);
        if (isSuccess(exchange) && isRecord(exchange.json) && typeof exchange.json.id === 'string') answered.add(exchange.json.id);
        return;
      }
      if (seen.operation !== 'list-banks' || !isSuccess(exchange)) return;
      for (const item of itemsOf(seen) ?? []) {
        if (!isRecord(item) || typeof item.id !== 'string' || !ours(item.account_number)) continue;
        const shown = listed.get(item.account_number) ?? [];
        if (!shown.some((s) => s.id === item.id) && listed.size < MAX_REMEMBERED) {
          shown.push({ id: item.id, exchange });
          listed.set(item.account_number, shown);
        }
      }
    },
    settle(report) {
      for (const [accountNumber, shown] of listed) {
        if (!sent.has(accountNumber) || undecided.has(accountNumber)) continue;
        for (const { id, exchange } of shown) {
          if (answered.has(id)) continue;
          report({
            message: `GET /user_banks lists a User Bank ${id} with an account number only this run sent, yet no create of the run was answered with that id: a write nobody asked for`,
            requirements: ['create_user_bank.persisted'],
            exchange,
            expected: 'only the User Banks the run was answered with for the account numbers it sent',
            actual: `${id} (its creates were answered with ${
              shown
                .filter((s) => answered.has(s.id))
                .map((s) => s.id)
                .join(', ') || 'no id listed here'
            })`,
          });
        }
      }
    },
  };
}
