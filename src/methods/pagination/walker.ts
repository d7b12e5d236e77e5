/**
 * The cursor walker: follows next_cursor the way a client does, from the first page to the end,
 * and reports how the walk ended. It only observes (it never calls t.fail): the checks decide what
 * an ending means. Every walk is bounded in pages and in time, so a target whose cursor never ends,
 * repeats itself or points at empty pages forever cannot hang the run.
 *
 * Memory stays small on long walks: the items are kept (the checks compare them), each page is a
 * small record, and only a handful of exchanges (first page, last page, the page that ended the
 * walk) are kept as evidence; the probe keeps its own bounded evidence of every page it sent.
 */
import type { Exchange } from '../../http/exchange.js';
import type { Probe } from '../../harness/probe.js';
import { growthDecision, grownBy } from './growth.js';
import { idOf } from './ids.js';
import { LapWatch } from './lap.js';
import { recordedWalkOf, viewPageOf } from './view-record.js';
import type { ViewPage } from '../../core/model/list-views.js';
import { WALK_ITEM_BUDGET } from '../../core/model/list-sizes.js';

export interface WalkOptions {
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as the limit query parameter on every page; absent: no limit parameter (the default page size). */
  limit?: number;
  /**
   * The limit of each page instead (0 for the first), drawn anew page by page: a cursor points to a
   * place in the list (2.4) and the limit is the size of the page of the request that carries it, so
   * a walk may change its page size on the way. Such a walk does not widen for growth.
   */
  pageSizes?: (page: number) => number;
  auth?: 'a' | 'b';
  /** Pages at most (default derived from the limit, see defaultMaxPages; never above HARD_MAX_PAGES). */
  maxPages?: number;
  /** Time at most for the whole walk (default: 40% of the check's time bound). */
  maxMs?: number;
  /**
   * The list's size the page cap was planned for: when given, a walk that reaches its cap while the
   * list grows gets more pages (growth.ts), or stops as outgrown when it cannot keep up.
   */
  expectedItems?: number;
  /**
   * The list's size as an earlier walk found it, for the time cap alone (not the page cap, nor growth):
   * a walk at its time cap goes on when its remaining pages fit in its check's time, and one that
   * cannot says how long it would need.
   */
  knownItems?: number;
}

export interface PageRecord {
  /** 0 for the first page. */
  index: number;
  /** The cursor sent for this page (undefined for the first page). */
  cursor: string | undefined;
  status: number;
  itemCount: number;
  /** next_cursor as answered: a string, null, or undefined when the member is missing (or the body is no envelope). */
  nextCursor: string | null | undefined;
  exchangeSeq: number;
  /** The limit this page asked when it is not the walk's own: the walk widened its page size to outpace the list's growth. */
  askedLimit?: number;
}

export type WalkEnd =
  | 'complete' // a page answered next_cursor null
  | 'page-cap' // maxPages pages were read and the last still pointed onward
  | 'time-cap' // maxMs passed while the list still pointed onward
  | 'outgrown' // the list grew as fast as the walk read it, so at this page size it could not end (growth.ts)
  | 'repeated-cursor' // a next_cursor the walk had already followed (a loop)
  | 'empty-page-loop' // two empty pages in a row, each pointing onward
  | 'oversized-page' // a page with more items than the limit asked, or more than 100
  | 'bad-envelope' // a 2xx page whose body is not {data: array, next_cursor: string|null}
  | 'http-error'; // a page answered with a status other than 2xx

export interface WalkResult {
  items: unknown[];
  pages: PageRecord[];
  end: WalkEnd;
  /** A sentence on why the walk ended, for messages (absent when complete). */
  detail?: string;
  /** A few exchanges worth showing: the first page, the last page, and the page that ended the walk. */
  evidence?: Exchange[];
  /** The exchange of the page that ended the walk other than by completing (a finding can pin it). */
  endExchange?: Exchange;
  /**
   * Each page's exchange, by page index, so a finding about page 7 replays page 7: whole for the first
   * PAGES_KEPT_WHOLE pages, the request alone after them (the HAR holds their answers).
   */
  pageExchanges?: readonly Exchange[];
  /** Why the walk widened its page size on the way (the list grew as fast as it read), when it did. */
  widened?: string[];
}

/** Pages of a walk whose answer is kept with the request for a finding's evidence; a long walk's later pages keep the request. */
const PAGES_KEPT_WHOLE = 50;

/** A page's exchange without its body, for a walk's later pages: its curl line replays it, the HAR entry shows its answer. */
function requestOnly(exchange: Exchange): Exchange {
  return { ...exchange, bodyText: `[answer not kept in memory: HAR entry ${exchange.seq} holds it]`, json: undefined };
}

/** The spec's maximum page size (4.2, 8): no page may ever hold more, whatever was asked. */
export const MAX_PAGE_SIZE = 100;
/** No walk reads more pages than this, whatever a caller asks. */
export const HARD_MAX_PAGES = 20_000;
/** Items a walk with the default page cap can read: enough for the suite's lists, bounded for a cursor that never ends. */
export const DEFAULT_ITEM_BUDGET = WALK_ITEM_BUDGET;

export function defaultMaxPages(limit: number | undefined, items = DEFAULT_ITEM_BUDGET): number {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, limit ?? MAX_PAGE_SIZE));
  // +2: one legitimate empty last page after a full one, and one more to see it end.
  return Math.ceil(items / size) + 2;
}

export async function walk(t: Probe, options: WalkOptions): Promise<WalkResult> {
  let maxPages = Math.min(HARD_MAX_PAGES, Math.max(1, Math.floor(options.maxPages ?? defaultMaxPages(options.limit))));
  let maxMs = options.maxMs ?? Math.max(1_000, Math.floor(t.settings.checkTimeoutMs * 0.4));
  const started = performance.now();
  const items: unknown[] = [];
  const pages: PageRecord[] = [];
  const pageExchanges: Exchange[] = [];
  const followed = new Set<string>();
  let first: Exchange | undefined;
  let last: Exchange | undefined;
  let cursor: string | undefined;
  let emptyOnwardInARow = 0;
  /** Each distinct id, with the position it was first read at. */
  const distinct = new Map<string, number>();
  /** Ids read again from far back in the walk (a cursor going round). */
  let repeats = 0;
  /** Ids read again just after their first reading (an offset cursor shifted by items added before its place). */
  let shifted = 0;
  /** The page size asked now: the walk's limit, widened when the list outgrows the walk (growth.ts). */
  let pageSize = options.limit;
  let sinceSize = { distinct: 0, elapsedMs: 0 };
  const widened: string[] = [];
  /** The walk as the run's model of list views records it (src/core/model/list-views.ts), and each of its 2xx pages. */
  // A walk of changing page sizes is judged by the check that made it (its pages have no one limit to describe).
  const recorded = options.pageSizes === undefined ? recordedWalkOf(options) : undefined;
  const viewPages: ViewPage[] = [];
  const laps = new LapWatch();

  const finish = (end: WalkEnd, detail?: string, endExchange?: Exchange): WalkResult => {
    if (recorded)
      t.run.views.record({ ...recorded, complete: end === 'complete', pages: viewPages, ...(first ? { evidence: first } : {}) });
    const evidence = [first, last, endExchange].filter((e, i, all): e is Exchange => e !== undefined && all.indexOf(e) === i);
    return {
      items,
      pages,
      end,
      ...(detail !== undefined ? { detail } : {}),
      evidence,
      ...(endExchange ? { endExchange } : {}),
      pageExchanges,
      ...(widened.length > 0 ? { widened } : {}),
    };
  };

  for (let index = 0; ; index += 1) {
    if (options.expectedItems !== undefined && index > 0) {
      const elapsedMs = performance.now() - started;
      // A few ids twice from far back may still be a shift; many is a cursor going round.
      const repeated = repeats > Math.max(2, distinct.size / 10);
      const reading = {
        distinct: distinct.size,
        repeated,
        shifted,
        expected: options.expectedItems,
        size: pageSize ?? MAX_PAGE_SIZE,
        elapsedMs,
        maxMs,
        sinceSize,
        atCap: index >= maxPages,
      };
      const decision = growthDecision(reading);
      if (decision !== undefined && 'outgrown' in decision) return finish('outgrown', `after ${index} pages ${decision.outgrown}`, last);
      if (decision !== undefined && 'widenTo' in decision) {
        pageSize = decision.widenTo;
        sinceSize = { distinct: distinct.size, elapsedMs };
        widened.push(decision.why.replace('{page}', String(index + 1)));
        const grown = grownBy(reading);
        maxPages = Math.min(
          HARD_MAX_PAGES,
          Math.max(maxPages, index + Math.ceil((options.expectedItems * 1.1 + grown * 3) / pageSize) + 3),
        );
      }
      if (decision !== undefined && 'extendBy' in decision) maxPages = Math.min(HARD_MAX_PAGES, maxPages + decision.extendBy);
    }
    if (index >= maxPages) return finish('page-cap', `the list still pointed onward after ${maxPages} pages (the walk's page cap)`, last);
    if (performance.now() - started > maxMs)
      maxMs = extendedTimeCap(t, index, performance.now() - started, options.expectedItems ?? options.knownItems, pageSize) ?? maxMs;
    if (performance.now() - started > maxMs)
      return finish(
        'time-cap',
        `the list still pointed onward after ${Math.round(maxMs / 1000)} s and ${index} pages (the walk's time cap)${timeNeeded(index, performance.now() - started, options.expectedItems ?? options.knownItems, pageSize)}`,
        last,
      );

    const query: Record<string, string | number | undefined> = { ...(options.query ?? {}) };
    if (options.pageSizes !== undefined) pageSize = options.pageSizes(index);
    if (pageSize !== undefined) query.limit = pageSize;
    if (cursor !== undefined) query.cursor = cursor;
    const sentAt = Date.now();
    const exchange = await t.request({ path: options.path, query, auth: options.auth ?? 'a' });
    first ??= exchange;
    last = exchange;
    pageExchanges.push(index < PAGES_KEPT_WHOLE ? exchange : requestOnly(exchange));
    const page = readEnvelope(exchange);
    const ok = exchange.status >= 200 && exchange.status < 300;
    const record: PageRecord = {
      index,
      cursor,
      status: exchange.status,
      itemCount: ok ? (page.data?.length ?? 0) : 0,
      nextCursor: page.nextCursor,
      exchangeSeq: exchange.seq,
      ...(pageSize !== options.limit ? { askedLimit: pageSize } : {}),
    };
    pages.push(record);
    const where = index === 0 ? 'the first page' : `page ${index + 1}`;

    if (!ok) {
      return finish(
        'http-error',
        `${where}${cursor !== undefined ? ' (after following next_cursor)' : ''} was answered ${exchange.status}`,
        exchange,
      );
    }
    if (page.data) {
      if (recorded) viewPages.push(viewPageOf(sentAt, Date.now(), page.data));
      items.push(...page.data);
      // Items added before an offset cursor's place shift it back over the ids read last; a cursor going
      // round comes back to ids read long before. Within two pages (at least 20 ids) counts as a shift.
      // Only a walk of a list of known size reads growth from them (growth.ts): the others keep no count.
      const recent = Math.max(20, 2 * (pageSize ?? MAX_PAGE_SIZE));
      if (options.expectedItems !== undefined)
        for (const item of page.data) {
          const id = idOf(item);
          if (id === undefined) continue;
          const firstAt = distinct.get(id);
          if (firstAt === undefined) distinct.set(id, distinct.size);
          else if (firstAt >= distinct.size - recent) shifted += 1;
          else repeats += 1;
        }
    }
    if (page.problem !== undefined) return finish('bad-envelope', `${where} is not a list envelope: ${page.problem}`, exchange);
    const bound = Math.min(MAX_PAGE_SIZE, pageSize !== undefined && pageSize >= 1 ? pageSize : MAX_PAGE_SIZE);
    if (record.itemCount > bound) {
      const asked = pageSize !== undefined ? `limit=${pageSize} was asked` : 'no limit was asked (default 100)';
      return finish(
        'oversized-page',
        `${where} holds ${record.itemCount} items while ${asked}; at most ${bound} may be on a page`,
        exchange,
      );
    }

    const next = page.nextCursor;
    if (next === null) return finish('complete');
    const lap = laps.read(index, ok ? (page.data ?? []) : []);
    if (lap !== undefined) {
      const again = index + 1 - lap;
      return finish(
        'repeated-cursor',
        `pages ${lap + 1} to ${index + 1} list the same items, page for page, as pages 1 to ${again} and ${where} still points onward: the cursor went back to the start of the list (a loop)`,
        exchange,
      );
    }
    // From here the page points onward (a string).
    if (record.itemCount === 0) {
      emptyOnwardInARow += 1;
      if (emptyOnwardInARow > 1)
        return finish('empty-page-loop', `${where} is the ${emptyOnwardInARow}th empty page in a row that still points onward`, exchange);
    } else {
      emptyOnwardInARow = 0;
    }
    if (followed.has(next as string)) {
      return finish('repeated-cursor', `${where} points back to a cursor the walk already followed (a loop)`, exchange);
    }
    cursor = next as string;
    followed.add(cursor);
  }
}

/**
 * A walk of a list whose size is known that meets its time cap goes on when, at the rate it has read
 * so far, its remaining pages fit in what its check has left (a tenth kept to judge): the new cap is
 * the time they need and a fifth more. A cap guessed before the walk (walks side by side share the
 * target) then binds only when the check itself could not wait for the end.
 */
function extendedTimeCap(
  t: Probe,
  pagesRead: number,
  elapsedMs: number,
  expectedItems: number | undefined,
  pageSize: number | undefined,
): number | undefined {
  if (expectedItems === undefined || pagesRead === 0) return undefined;
  const pages = Math.ceil(expectedItems / Math.min(MAX_PAGE_SIZE, Math.max(1, pageSize ?? MAX_PAGE_SIZE))) + 1;
  const pagesLeft = pages - pagesRead;
  if (pagesLeft <= 0) return undefined;
  const neededMs = ((pagesLeft * elapsedMs) / pagesRead) * 1.2;
  return neededMs <= t.timeLeftMs() - t.settings.checkTimeoutMs * 0.1 ? elapsedMs + neededMs : undefined;
}

/**
 * How long the walk would have needed, for a walk cut by its time cap: its own rate, and with the
 * list's size known, the time its pages take at that rate, so the reader knows what time to give it.
 */
function timeNeeded(pagesRead: number, elapsedMs: number, expectedItems: number | undefined, pageSize: number | undefined): string {
  const perSecond = pagesRead / Math.max(elapsedMs / 1000, 0.001);
  if (!(perSecond > 0)) return '';
  const rate = `${perSecond.toFixed(1)} pages/s`;
  if (expectedItems === undefined) return `; it read ${rate}`;
  const pages = Math.ceil(expectedItems / Math.min(MAX_PAGE_SIZE, Math.max(1, pageSize ?? MAX_PAGE_SIZE))) + 1;
  return `; at its ${rate} the list's ${expectedItems} items (${pages} pages) need about ${Math.ceil(pages / perSecond)} s`;
}

interface Envelope {
  data: unknown[] | undefined;
  nextCursor: string | null | undefined;
  /** Why the body is not a list envelope; undefined when it is one. */
  problem?: string;
  /** The requirements that problem breaks: the envelope's (2.4), and the member's that is wrong. */
  broken?: string[];
}

/** The members of a list envelope (spec 2.4), and what is wrong with it when it is not one. */
export function readEnvelope(exchange: Exchange): Envelope {
  const body = exchange.json;
  if (exchange.jsonError !== undefined || exchange.bodyText.length === 0)
    return { data: undefined, nextCursor: undefined, problem: 'the body is not JSON' };
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { data: undefined, nextCursor: undefined, problem: 'the body is not a JSON object' };
  const record = body as Record<string, unknown>;
  const data = Array.isArray(record.data) ? record.data : undefined;
  const raw = record.next_cursor;
  const nextCursor = typeof raw === 'string' || raw === null ? raw : undefined;
  const problems: string[] = [];
  // A member left out breaks "two required members" (2.4); one of the wrong type, its own row first.
  const broken: string[] = [];
  if (!('data' in record)) problems.push('the member data is missing');
  else if (!data) problems.push(`data is ${describe(record.data)}, not an array`);
  if (!data) broken.push('data' in record ? 'list.data' : 'list.envelope', 'list.data');
  if (!('next_cursor' in record)) problems.push('the member next_cursor is missing');
  else if (nextCursor === undefined) problems.push(`next_cursor is ${describe(raw)}, not a string or null`);
  if (nextCursor === undefined) broken.push('next_cursor' in record ? 'list.next_cursor' : 'list.envelope', 'list.next_cursor');
  return { data, nextCursor, ...(problems.length > 0 ? { problem: problems.join('; '), broken: [...new Set(broken)] } : {}) };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
