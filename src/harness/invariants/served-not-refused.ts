/**
 * A request the spec says is served is not refused. A 4xx to a caller's own request that holds only
 * what the spec lists, each parameter once and in range, breaks the statement of that operation:
 * - GET /user_banks with a limit from 1 to 100 (4.2, 8), a cursor the server itself issued to that
 *   caller for the same filters (2.4: next_cursor is "passed back as the cursor query parameter"),
 *   a status some of the caller's User Banks carry, a user_id of one of the caller's Users;
 * - GET /rfp_registrations with no query (4.3);
 * - GET /users/{user_id} for a User the caller was answered before (4.4).
 * 401 (a token that expired: how long a token lives is not shown, 5), 408 and 429 (the target's pace)
 * are not refusals of the request itself, except a 401 to a token the run's token command had just
 * issued, within its told lifetime and never accepted before: the command's first token proved in the
 * preflight that its tokens are the target's own, so refusing a fresh one refuses the request. A request whose Accept does not take JSON may rightly be
 * answered 406 (RFC 9110 15.5.7): the spec's bodies are JSON, so it is not one the spec serves.
 *
 * Where the suite's own encoding could be in question (a query value holding characters a query may
 * spell raw or percent-encoded, ../../http/query-spelling.ts), the first few such refusals are sent
 * again once at the run's end with the other spelling, and the finding says which spelling the server
 * refused. The verdict is a fail either way: both spellings carry the same values, and the one the
 * client sends (every reserved character percent-encoded) is how RFC 3986 2.1 writes data in a
 * component, which the server decodes once it has split the query (2.4); a server that serves only
 * the raw spelling does not percent-decode its query, and the cursor it issued is then not "passed
 * back as the cursor query parameter" (2.4) by a client that encodes as the RFC says.
 */
import { isSuccess } from '../../http/exchange.js';
import { isRecord } from '../../core/domain/is-record.js';
import { otherQuerySpelling, spellingOf } from '../../http/query-spelling.js';
import type { Exchange } from '../../http/exchange.js';
import type { ExchangeInvariant, FollowUp, InvariantFinding } from './invariant.js';
import { LIST_BANKS_PARAMETERS, headerOf, itemsOf, single, type SeenExchange } from './seen-exchange.js';

const NOT_A_REFUSAL = new Set([401, 408, 429]);
const MAX_REMEMBERED = 100_000;
/** Refusals sent again in their query's other spelling, per run: a few say whether the spelling matters. */
const MAX_SPELLING_RESENDS = 3;

/** A refusal whose query has another spelling, to be sent again once with it. */
interface SpellingQuestion {
  finding: InvariantFinding;
  /** The query as sent and as it will be sent again (no leading '?'). */
  sent: string;
  other: string;
  followUp: Omit<FollowUp, 'answered'>;
}

type Caller = 'a' | 'b';

class CallerFacts {
  readonly statuses = new Set<string>();
  readonly userIds = new Set<string>();
  /** Cursor -> the filters of the query it answered. */
  readonly cursors = new Map<string, string>();
}

const filtersOf = (seen: SeenExchange): string => JSON.stringify([seen.query.get('status') ?? [], seen.query.get('user_id') ?? []]);

/** Whether an Accept header takes application/json: none at all (any media type, RFC 9110 12.5.1), *\/*, application/*, or JSON itself. */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined) return true;
  return accept.split(',').some((range) => /^\s*(\*\/\*|application\/\*|application\/json)\s*(;|$)/i.test(range));
}

export function servedNotRefused(ownUsers: { a?: string; b?: string }): ExchangeInvariant {
  const questions: SpellingQuestion[] = [];
  /** The follow-ups' URLs: their answers complete a finding already made, never make another. */
  const resent = new Set<string>();
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
    for (const [name, values] of seen.query) if (!LIST_BANKS_PARAMETERS.has(name) || values.length !== 1) return undefined;
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
      if (resent.has(seen.exchange.request.url)) return;
      const mine = facts[caller];
      const { exchange } = seen;
      if (isSuccess(exchange)) {
        learn(seen, mine);
        return;
      }
      if (exchange.status < 400 || exchange.status >= 500) return;
      if (NOT_A_REFUSAL.has(exchange.status) && exchange.freshTokenRefused !== true) return;
      if (!acceptsJson(headerOf(exchange.request.headers, 'accept'))) return;
      let served: { what: string; requirements: string[] } | undefined;
      if (seen.operation === 'list-banks') served = listServed(seen, mine);
      else if (seen.operation === 'list-rfps' && seen.query.size === 0)
        served = { what: 'a plain list request', requirements: ['list_rfp_registrations.operation'] };
      else if (seen.operation === 'user' && seen.query.size === 0 && mine.userIds.has(seen.userIdInPath ?? ''))
        served = { what: "the User is one of the caller's", requirements: ['get_user.operation'] };
      if (served === undefined) return;
      const finding: InvariantFinding = {
        message: `${exchange.request.method} ${new URL(exchange.request.url).pathname} was refused with ${exchange.status} although the spec serves it: ${served.what}${exchange.freshTokenRefused === true ? "; the caller's token was one the token command had just issued, within its told lifetime" : ''}`,
        requirements: served.requirements,
        exchange,
        expected: 'an answer (2xx)',
        actual: String(exchange.status),
      };
      // Reported now, so it keeps its place among the findings kept; a follow-up completes it in place.
      report(finding);
      if (questions.length < MAX_SPELLING_RESENDS) {
        const question = spellingQuestion(finding, caller, headerOf(exchange.request.headers, 'accept'));
        if (question !== undefined) questions.push(question);
      }
    },
    followUps() {
      const asked = questions.splice(0);
      return asked.map((q) => {
        resent.add(q.followUp.url);
        return { ...q.followUp, answered: (outcome) => completeWith(q, outcome) };
      });
    },
  };
}

/** The question a refusal raises when its query has another legitimate spelling, or undefined. */
function spellingQuestion(finding: InvariantFinding, caller: 'a' | 'b', accept: string | undefined): SpellingQuestion | undefined {
  const url = new URL(finding.exchange.request.url);
  const sent = url.search.slice(1);
  const other = otherQuerySpelling(sent);
  if (other === undefined) return undefined;
  // Spelled as the client will send it (WHATWG URL leaves these spellings as they are).
  const again = new URL(`${url.origin}${url.pathname}?${other}`).href;
  return { finding, sent, other, followUp: { url: again, caller, accept: accept ?? null } };
}

/** The finding says which spelling the server refused: only the one sent first, or both. */
function completeWith(q: SpellingQuestion, outcome: Exchange | Error): void {
  const first = spellingOf(q.sent, q.other);
  const second = spellingOf(q.other, q.sent);
  const { finding } = q;
  if (outcome instanceof Error) {
    finding.message += `. Sent again ${second}, it got no answer to judge (${outcome.message})`;
    return;
  }
  const status = outcome.status;
  if (isSuccess(outcome)) {
    finding.message +=
      `. Sent again ${second}, it was served (${status}): the server refused only the spelling ${first}, ` +
      'though both carry the same values (RFC 3986 2.1, 3.4) and a server decodes a query once it has split it (2.4)';
    finding.actual = `${finding.actual ?? ''} to the query ${first}; ${status} to it ${second}`;
  } else {
    finding.message += `. Sent again ${second}, it was answered ${status}: the server refused both spellings of the query`;
    finding.actual = `${finding.actual ?? ''} to the query ${first}; ${status} to it ${second}`;
  }
}
