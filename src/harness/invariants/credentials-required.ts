/**
 * A request without the caller's credentials is never served (5: "The header is required on all
 * four operations."): a 2xx to a request with no Authorization header, another scheme, or a Bearer
 * token that is no caller's, on any operation of the spec, whichever check sent it and however the
 * path was spelled to reach the operation.
 */
import { isSuccess } from '../../http/exchange.js';
import type { ExchangeInvariant } from './invariant.js';
import type { Operation } from './seen-exchange.js';

const REQUIREMENT: Record<Operation, string> = {
  create: 'auth.required.create_user_bank',
  'list-banks': 'auth.required.list_user_banks',
  'list-rfps': 'auth.required.list_rfp_registrations',
  user: 'auth.required.get_user',
};

const WITHOUT: Record<string, string> = {
  none: 'no Authorization header',
  'other-scheme': 'an Authorization header of another scheme',
  'unknown-token': 'a Bearer token that is no caller’s',
};

export const credentialsRequired: ExchangeInvariant = {
  inspect(seen, report) {
    if (seen.operation === undefined || seen.caller === 'a' || seen.caller === 'b') return;
    const { exchange } = seen;
    if (!isSuccess(exchange)) return;
    report({
      message: `${exchange.request.method} ${new URL(exchange.request.url).pathname} with ${WITHOUT[seen.caller]} was answered ${exchange.status}`,
      requirements: [REQUIREMENT[seen.operation]],
      exchange,
      expected: 'a refusal (no 2xx)',
      actual: String(exchange.status),
    });
  },
};
