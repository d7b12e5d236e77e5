/**
 * A page of GET /user_banks that points onward to more items holds its limit (4.2: "limit: Size of
 * the page. Range 1 to 100 inclusive. Default and maximum: 100."): a page asked with limit L (100
 * when none was sent) whose next_cursor leads to a page holding an item that existed when the first
 * page was read, and that the first page could have held, is short of its size. Pages capped below
 * the asked limit, a filter applied after a page's rows were read, a short page in the middle of any
 * walk, all show here on whichever walk, replay or probe of the run met them.
 *
 * The end of a list is the server's choice (choices/last-page.ts in the lab): a short page may point
 * to one more page that is empty, so only a following page that holds an item is judged. A list that
 * grows is no break: a following page may hold a User Bank written after the short page was read
 * (another writer), or items of the short page itself or of the pages before it moved down by items
 * added at the front (an offset cursor). So an item of the following page counts only when the
 * caller's views listed it, with the filters' values, more than the settle window before the short
 * page was asked (a replica that lists a write late has listed it by then), and it is on none of the
 * pages of the short page's own walk. Items listed only the run's fitted window before make no
 * finding: the break is counted unconfirmed, and the closing walks are made again after the whole
 * window (suites/views.ts), where a defect shows again with items old enough to count. A page reached by a cursor that no recorded page issued has an
 * unknown walk and is not judged; nor is a query the spec does not spell exactly (an unknown
 * parameter, one given twice, an empty filter, a limit out of range or spelled otherwise than as a
 * plain number).
 */
import { isRecord } from '../../core/domain/is-record.js';
import { idOf } from '../../core/domain/item-id.js';
import type { Exchange } from '../../http/exchange.js';
import type { ExchangeInvariant } from './invariant.js';
import { LIST_BANKS_PARAMETERS, itemsOf, type SeenExchange } from './seen-exchange.js';

const DEFAULT_LIMIT = 100;
/** Item ids and pages kept over the run, at most; past either no page is recorded, and pages after it go unjudged. */
const MAX_ITEMS = 600_000;
const MAX_PAGES = 100_000;

interface PageRecord {
  /** Kept only for a page short of its limit, the only kind ever reported: a walk of 1,000 full pages keeps none. */
  exchange?: Exchange;
  sentAt: number;
  answeredAt: number;
  limit: number;
  /** How many items it held. */
  shown: number;
  ids: string[];
  /** The recorded pages that issued this page's cursor (none for a first page). */
  parents: PageRecord[];
  /** Whether every page before it in its walk is recorded (a first page, or a cursor a recorded page issued). */
  walkKnown: boolean;
}

/**
 * When the caller's views first listed an item, and with which status; a later status it showed, and
 * when, apart (most items never show another: a map each would be most of a 100,000-item walk's memory).
 */
interface FirstListed {
  userId: unknown;
  status: unknown;
  at: number;
  laterStatuses?: Map<unknown, number>;
}

type Caller = 'a' | 'b';

interface Listing {
  caller: Caller;
  /** The caller and filters: pages of one walk share it. */
  key: string;
  cursor: string | undefined;
  limit: number;
  status: string | undefined;
  userId: string | undefined;
}

/** The query read as the spec spells it, or undefined when any part of it is spelled otherwise. */
function listingOf(seen: SeenExchange, caller: Caller): Listing | undefined {
  const one: Record<string, string> = {};
  for (const [name, values] of seen.query) {
    if (!LIST_BANKS_PARAMETERS.has(name) || values.length !== 1 || values[0] === '') return undefined;
    one[name] = values[0] as string;
  }
  const raw = one.limit;
  if (raw !== undefined && !/^(?:[1-9]\d?|100)$/.test(raw)) return undefined;
  return {
    caller,
    key: JSON.stringify([caller, one.status ?? null, one.user_id ?? null]),
    cursor: one.cursor,
    limit: raw === undefined ? DEFAULT_LIMIT : Number(raw),
    status: one.status,
    userId: one.user_id,
  };
}

/** A recorded page short of its limit: the only kind that keeps its exchange, and the only kind judged. */
const isShort = (page: PageRecord): page is PageRecord & { exchange: Exchange } => page.exchange !== undefined;

const banks = (count: number): string => `${count} User Bank${count === 1 ? '' : 's'}`;

/** Ids on a page and on every recorded page before it in its walk, or undefined when part of its walk is unknown. */
function idsOfWalk(page: PageRecord): Set<string> | undefined {
  const ids = new Set<string>();
  const visited = new Set<PageRecord>();
  const stack = [page];
  while (stack.length > 0) {
    const next = stack.pop() as PageRecord;
    if (visited.has(next)) continue;
    visited.add(next);
    if (!next.walkKnown) return undefined;
    for (const id of next.ids) ids.add(id);
    stack.push(...next.parents);
  }
  return ids;
}

/** How long before a short page an item must have been listed to count: the whole settle window, and the run's fitted one as its evidence stands. */
export interface OnwardWindows {
  wholeMs: number;
  fittedMs: () => number;
}

export function onwardPagesFull({ wholeMs, fittedMs }: OnwardWindows): ExchangeInvariant {
  /** Caller, filters and cursor -> the recorded pages that answered with that next_cursor. */
  const issued = new Map<string, PageRecord[]>();
  const firstListed: Record<Caller, Map<string, FirstListed>> = { a: new Map(), b: new Map() };
  /** Short pages already reported: one finding each, whichever following pages show it. */
  const reported = new Set<PageRecord>();
  /** Short pages whose following items were listed within the fitted window before them but not the whole one. */
  let unconfirmed = 0;
  let kept = 0;
  let pages = 0;

  const remember = (caller: Caller, items: unknown[], answeredAt: number): void => {
    for (const item of items) {
      const id = idOf(item);
      if (id === undefined || !isRecord(item)) continue;
      const known = firstListed[caller].get(id);
      if (known === undefined) firstListed[caller].set(id, { userId: item.user_id, status: item.status, at: answeredAt });
      else if (known.status !== item.status && !known.laterStatuses?.has(item.status))
        (known.laterStatuses ??= new Map()).set(item.status, answeredAt);
    }
  };

  /** Whether the caller's views listed the item, with the listing's filters' values, by `before`. */
  const listedBy = (listing: Listing, id: string, before: number): boolean => {
    const known = firstListed[listing.caller].get(id);
    if (known === undefined || (listing.userId !== undefined && known.userId !== listing.userId)) return false;
    if (listing.status === undefined) return known.at <= before;
    const at = known.status === listing.status ? known.at : known.laterStatuses?.get(listing.status);
    return (at ?? Infinity) <= before;
  };

  /** The first finding of a short page whose following page holds items that existed when it was read, and were not on its walk. */
  const judge = (
    short: PageRecord & { exchange: Exchange },
    listing: Listing,
    following: SeenExchange,
    items: unknown[],
    report: Parameters<ExchangeInvariant['inspect']>[1],
  ) => {
    const before = short.sentAt - Math.min(wholeMs, fittedMs());
    const candidates = items.map(idOf).filter((id): id is string => id !== undefined && listedBy(listing, id, before));
    if (candidates.length === 0) return;
    const walk = idsOfWalk(short);
    const within = walk === undefined ? [] : candidates.filter((id) => !walk.has(id));
    if (within.length === 0) return;
    reported.add(short);
    const held = within.filter((id) => listedBy(listing, id, short.sentAt - wholeMs));
    if (held.length === 0) {
      unconfirmed += 1;
      return;
    }
    report({
      message: `a page of GET /user_banks asked with limit ${short.limit} holds ${banks(short.shown)} and points onward, while the page its next_cursor leads to holds ${held.slice(0, 3).join(', ')}${held.length > 3 ? ', ...' : ''}, listed before the short page was asked`,
      requirements: ['list_user_banks.limit.range'],
      exchange: short.exchange,
      expected: `${short.limit} items on a page that points onward to more (the page's size), or the list's end`,
      actual: `${banks(short.shown)}; the next page (exchange #${following.exchange.seq}) holds ${items.length}, ${held.length} of them listed more than the settle window (${wholeMs} ms) before the short page was asked`,
    });
  };

  return {
    unconfirmed: () => unconfirmed,
    inspect(seen, report) {
      const items = itemsOf(seen);
      const { exchange, caller } = seen;
      if (seen.operation !== 'list-banks' || items === undefined || exchange.startedAt === undefined) return;
      if (caller !== 'a' && caller !== 'b') return;
      const sentAt = exchange.startedAt;
      const answeredAt = sentAt + exchange.durationMs;
      const listing = listingOf(seen, caller);
      const parents = listing?.cursor === undefined ? [] : (issued.get(`${listing.key}\n${listing.cursor}`) ?? []);
      if (listing !== undefined)
        for (const short of parents)
          if (!reported.has(short) && isShort(short) && short.answeredAt <= sentAt) judge(short, listing, seen, items, report);
      // Any list answer of the caller shows what exists, whatever its query.
      remember(caller, items, answeredAt);
      if (listing === undefined || kept + items.length > MAX_ITEMS || pages >= MAX_PAGES) return;
      const ids = items.map(idOf).filter((id): id is string => id !== undefined);
      kept += ids.length;
      pages += 1;
      const page: PageRecord = {
        ...(items.length < listing.limit ? { exchange } : {}),
        sentAt,
        answeredAt,
        limit: listing.limit,
        shown: items.length,
        ids,
        // As they stood when it was asked: a page that issues the same cursor later is no page before it.
        parents: [...parents],
        walkKnown: listing.cursor === undefined || parents.length > 0,
      };
      const next = (exchange.json as { next_cursor?: unknown }).next_cursor;
      if (typeof next === 'string' && next !== '') {
        const at = `${listing.key}\n${next}`;
        const issuers = issued.get(at);
        if (issuers === undefined) issued.set(at, [page]);
        else issuers.push(page);
      }
    },
  };
}
