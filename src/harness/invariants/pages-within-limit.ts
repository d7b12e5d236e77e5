/**
 * No page of GET /user_banks holds more items than the limit it was asked with, and never more than
 * 100 (4.2: "limit: Size of the page. Range 1 to 100 inclusive. Default and maximum: 100."; 8). A
 * limit outside the range, repeated or not a number may be refused or replaced by the default, but
 * the page that answers it still holds at most 100.
 */
import type { ExchangeInvariant } from './invariant.js';
import { itemsOf, single, type SeenExchange } from './seen-exchange.js';

const MAXIMUM = 100;

function askedLimit(seen: SeenExchange): number | undefined {
  const raw = single(seen, 'limit');
  if (raw === undefined || !/^\d{1,3}$/.test(raw)) return undefined;
  const limit = Number(raw);
  return limit >= 1 && limit <= MAXIMUM ? limit : undefined;
}

export const pagesWithinLimit: ExchangeInvariant = {
  inspect(seen, report) {
    if (seen.operation !== 'list-banks') return;
    const items = itemsOf(seen);
    if (items === undefined) return;
    const limit = askedLimit(seen);
    const bound = limit ?? MAXIMUM;
    if (items.length <= bound) return;
    const over100 = items.length > MAXIMUM;
    report({
      message: over100
        ? `a page of GET /user_banks holds ${items.length} User Banks: no page may hold more than ${MAXIMUM}`
        : `a page of GET /user_banks asked with limit=${limit} holds ${items.length} User Banks`,
      requirements: over100 ? ['list_user_banks.limit.maximum'] : ['list_user_banks.limit.range'],
      exchange: seen.exchange,
      expected: `at most ${bound} items`,
      actual: `${items.length} items`,
    });
  },
};
