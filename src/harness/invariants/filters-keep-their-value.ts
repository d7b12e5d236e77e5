/**
 * Every item of a GET /user_banks answer asked with a status or user_id filter carries that value
 * (4.2: "status: Keep only User Banks with this status."; "user_id: Keep only User Banks of this
 * User."), on every page, whatever else the query holds. A filter given more than once is left
 * alone: which value a server keeps then is its parser's choice. So is an empty one (`status=`): the
 * spec does not say whether it is the empty string asked for or no filter at all, and query parsers
 * that read it as absent (`if (query.status)`) are common; a server written from the spec alone did.
 */
import { isRecord } from '../../core/domain/is-record.js';
import type { ExchangeInvariant } from './invariant.js';
import { itemsOf, single } from './seen-exchange.js';

const FILTERS = [
  ['status', 'list_user_banks.status_filter'],
  ['user_id', 'list_user_banks.user_id_filter'],
] as const;

export const filtersKeepTheirValue: ExchangeInvariant = {
  inspect(seen, report) {
    if (seen.operation !== 'list-banks') return;
    const items = itemsOf(seen);
    if (items === undefined || items.length === 0) return;
    for (const [name, requirement] of FILTERS) {
      const value = single(seen, name);
      if (value === undefined || value === '') continue;
      const other = items.find((item) => isRecord(item) && item[name] !== undefined && item[name] !== value);
      if (other === undefined || !isRecord(other)) continue;
      report({
        message: `GET /user_banks asked with ${name}=${JSON.stringify(value)} lists User Bank ${String(other.id)} whose ${name} is ${JSON.stringify(other[name])}`,
        requirements: [requirement],
        exchange: seen.exchange,
        expected: `every item with ${name} ${JSON.stringify(value)}`,
        actual: `${name} ${JSON.stringify(other[name])} on User Bank ${String(other.id)}`,
      });
    }
  },
};
