/**
 * A request the spec says is served is not refused. A 4xx to a caller's own request that holds only
 * what the spec lists, each parameter once and in range, breaks the statement of that operation:
 * - GET /user_banks with a limit from 1 to 100 (4.2, 8), a cursor the server itself issued to that
 *   caller for the same filters (2.4: next_cursor is "passed back as the cursor query parameter"),
 *   a status some of the caller's User Banks carry, a user_id of one of the caller's Users;
 * - GET /rfp_registrations with no query (4.3);
 * - GET /users/{user_id} for a User the caller was answered before (4.4).
 * 401 (a token that expired: how long a token lives is not shown, 5), 408 and 429 (the target's pace)
 * are not refusals of the request itself. A request whose Accept does not take JSON may rightly be
 * answered 406 (RFC 9110 15.5.7): the spec's bodies are JSON, so it is not one the spec serves.
 */
import { isSuccess } from '../../http/exchange.js';
import { isRecord } from '../../core/domain/is-record.js';
import type { ExchangeInvariant } from './invariant.js';
import { headerOf, itemsOf, single, type SeenExchange } from './seen-exchange.js';

const NOT_A_REFUSAL = new Set([401, 408, 429]);
const LIST_PARAMETERS = new Set(['limit', 'cursor', 'status', 'user_id']);
const MAX_REMEMBERED = 100_000;

type Caller = 'a' | 'b';

class CallerFacts {
  readonly statuses = new Set<string>();
  readonly userIds = new Set<string>();
  /** Cursor -> the filters of the query it answered. */
  readonly cursors = new Map<string, string>();
}

const filtersOf = (seen: SeenExchange): string => JSON.stringify([seen.query.get('status') ?? [], seen.query.get('user_id') ?? []]);

/** Whether an Accept header takes application/json (none, *\/*, application/*, or JSON itself). */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  return accept.split(',').some((range) => /^\s*(\*\/\*|application\/\*|application\/json)\s*(;|$)/i.test(range));
}

export function servedNotRefused(ownUsers: { a?: string; b?: string }): ExchangeInvariant {
  const facts: Record<Caller, CallerFacts> = { a: new CallerFacts(), b: new CallerFacts() };
  if (ownUsers.a !== undefined) facts.a.userIds.add(ownUsers.a);
  if (ownUsers.b !== undefined) facts.b.userIds.add(ownUsers.b);

  const learn = (seen: SeenExchange, mine: CallerFacts): void => {
    if (seen.operation === 'list-banks') {
      for (const item of itemsOf(seen) ?? []) {
        if (!isRecord(item)) continue;
        if (typeof item.status === 'string' && mine.statuses.size < 1_000) mine.statuses.add(item.status);
        if (typeof item.user_id === 'string' && mine.userIds.size < MAX_REMEMBERED) mine.userIds.add(item.user_id);
      }
      const next = isRecord(seen.exchange.json) ? seen.exchange.json.next_cursor : undefined;
      if (typeof next === 'string' && next !== '' && mine.cursors.size < MAX_REMEMBERED) mine.cursors.set(next, filtersOf(seen));
    } else if (seen.operation === 'user' && isRecord(seen.exchange.json) && typeof seen.exchange.json.id === 'string') {
      if (mine.userIds.size < MAX_REMEMBERED) mine.userIds.add(seen.exchange.json.id);
    }
  };

  /** Why the spec says this list request is served, and the requirement its refusal breaks; undefined when it need not be. */
  const listServed = (seen: SeenExchange, mine: CallerFacts): { what: string; requirements: string[] } | undefined => {
    for (const [name, values] of seen.query) if (!LIST_PARAMETERS.has(name) || values.length !== 1) return undefined;
    const parts: string[] = [];
    let requirements = ['list_user_banks.operation'];
    const limit = single(seen, 'limit');
    if (limit !== undefined) {
      if (!/^(100|[1-9]\d?)$/.test(limit)) return undefined;
      parts.push(`limit=${limit} is in range`);
      requirements = ['list_user_banks.limit.range'];
    }
    const status = single(seen, 'status');
    if (status !== undefined) {
      if (!mine.statuses.has(status)) return undefined;
      parts.push(`status=${status} is a status of the caller's User Banks`);
      requirements = ['list_user_banks.status_filter'];
    }
    const userId = single(seen, 'user_id');
    if (userId !== undefined) {
      if (!mine.userIds.has(userId)) return undefined;
      parts.push(`user_id is one of the caller's Users`);
      requirements = ['list_user_banks.user_id_filter'];
    }
    const cursor = single(seen, 'cursor');
    if (cursor !== undefined) {
      if (mine.cursors.get(cursor) !== filtersOf(seen)) return undefined;
      parts.push('the cursor is a next_cursor the server issued to this caller for these filters');
      requirements = ['list_user_banks.cursor', 'list.next_cursor'];
    }
    return { what: parts.length > 0 ? parts.join('; ') : 'a plain list request', requirements };
  };

  return {
    inspect(seen, report) {
      const caller = seen.caller;
      if (caller !== 'a' && caller !== 'b') return;
      const mine = facts[caller];
      const { exchange } = seen;
      if (isSuccess(exchange)) {
        learn(seen, mine);
        return;
      }
      if (exchange.status < 400 || exchange.status >= 500 || NOT_A_REFUSAL.has(exchange.status)) return;
      if (!acceptsJson(headerOf(exchange.request.headers, 'accept'))) return;
      let served: { what: string; requirements: string[] } | undefined;
      if (seen.operation === 'list-banks') served = listServed(seen, mine);
      else if (seen.operation === 'list-rfps' && seen.query.size === 0)
        served = { what: 'a plain list request', requirements: ['list_rfp_registrations.operation'] };
      else if (seen.operation === 'user' && seen.query.size === 0 && mine.userIds.has(seen.userIdInPath ?? ''))
        served = { what: "the User is one of the caller's", requirements: ['get_user.operation'] };
      if (served === undefined) return;
      report({
        message: `${exchange.request.method} ${new URL(exchange.request.url).pathname} was refused with ${exchange.status} although the spec serves it: ${served.what}`,
        requirements: served.requirements,
        exchange,
        expected: 'an answer (2xx)',
        actual: String(exchange.status),
      });
    },
  };
}
