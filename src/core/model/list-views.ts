/**
 * Every list view the run walked, per caller, and the relations the views must keep between them
 * (issue 29). The walker records each walk it makes (src/methods/pagination/walker.ts); the check
 * `sequences.views.agree` asks `relations()` at the end instead of keeping its own copies. What the
 * relations hold, whatever check made the walks:
 * - a filter keeps only: every item of a walk with a filter (one, or several at once) carries the
 *   filter's value, whether the caller's views show that value or none do (a value no item carries
 *   keeps nothing); only a near-miss of a value the views show (another case, a prefix, a value with
 *   more at its end) is left to the checks aimed at it, since some servers match ids
 *   case-insensitively, consistently;
 * - an item in every view it belongs to: an item the caller's views showed before a complete walk
 *   began (by more than the settle window) and showed again after it ended is in that walk when it
 *   matches the walk's filters. With one rule this holds a filtered list to the unfiltered one, the
 *   union of every status and every User to the whole list, and a walk at one page size to a walk at
 *   another; other writers cannot break it (an item created meanwhile was not seen before; one removed
 *   meanwhile is not seen after);
 * - a set is a set on the whole walk, not page by page: no id twice in one walk of RfP Registrations
 *   and one registration per use case (spec 1, "one per permitted use case"; 4.3, "all of the caller's
 *   registrations").
 * Nothing here sends a request; the evidence type is the caller's (an exchange, for the suite).
 */
import { ListSizes } from './list-sizes.js';

export type ViewCaller = 'a' | 'b';
export type ViewPath = '/user_banks' | '/rfp_registrations';

/** The fields of a listed item the relations read. */
export interface ViewItem {
  id: string;
  userId?: string;
  status?: string;
  useCase?: string;
}

export interface ViewPage {
  /** Date.now() when the page's request was sent and when its answer came. */
  sentAt: number;
  answeredAt: number;
  items: ViewItem[];
}

export interface ListWalk<E> {
  caller: ViewCaller;
  path: ViewPath;
  /** The filters the walk sent (only user_id and status are recorded). */
  filters: { user_id?: string; status?: string };
  limit?: number;
  /** Whether the walk reached a page with next_cursor null. */
  complete: boolean;
  pages: ViewPage[];
  /** What a finding shows to replay the walk (its first page). */
  evidence?: E;
}

export type RelationName = 'filter-keeps-only' | 'item-in-every-view' | 'set-on-whole-walk';

export interface ViewBreak<E> {
  relation: RelationName;
  /** Which filter or set rule: user_id, status, id, use_case. */
  field: 'user_id' | 'status' | 'id' | 'use_case';
  message: string;
  expected: string;
  actual: string;
  walk: ListWalk<E>;
}

/** Items kept over the whole run, at most: a walk beyond it is counted, not kept (a 100,000-item list walks a few times). */
const MAX_ITEMS = 600_000;
/** Breaks reported per relation and field; the rest are counted. */
const MAX_BREAKS = 5;

const filterParts = (filters: ListWalk<unknown>['filters']): string[] => Object.entries(filters).map(([k, v]) => `${k}=${v}`);

const describeFilters = (filters: ListWalk<unknown>['filters']): string => filterParts(filters).join('&') || 'no filter';

function describeWalk(walk: ListWalk<unknown>): string {
  const query = [...filterParts(walk.filters), ...(walk.limit !== undefined ? [`limit=${walk.limit}`] : [])];
  return `caller ${walk.caller.toUpperCase()}'s GET ${walk.path}${query.length > 0 ? `?${query.join('&')}` : ''} (${walk.pages.length} page(s))`;
}

/** What the caller's views showed of one item: its first and its last sighting. */
interface Sightings {
  userId: string | undefined;
  firstAnsweredAt: number;
  firstStatus: string | undefined;
  lastSentAt: number;
  lastStatus: string | undefined;
}

export class ListViews<E> {
  readonly walks: ListWalk<E>[] = [];
  /** The size of every list walked, kept even for walks past MAX_ITEMS (list-sizes.ts). */
  readonly sizes = new ListSizes();
  items = 0;
  /** Walks not kept because MAX_ITEMS was reached. */
  dropped = 0;
  /** Each caller's sightings of its User Banks, over the walks up to `seenWalks` (each walk read once, when first asked). */
  private readonly seen: Record<ViewCaller, Map<string, Sightings>> = { a: new Map(), b: new Map() };
  private seenWalks = 0;

  record(walk: ListWalk<E>): void {
    this.sizes.add(walk);
    const count = walk.pages.reduce((n, p) => n + p.items.length, 0);
    if (this.items + count > MAX_ITEMS) {
      this.dropped += 1;
      return;
    }
    this.items += count;
    this.walks.push(walk);
  }

  /** The earliest answer of any walk of the caller's User Banks, or undefined when it walked none. */
  firstSighting(caller: ViewCaller): number | undefined {
    const times = this.bankWalks(caller).flatMap((w) => w.pages.map((p) => p.answeredAt));
    return times.length === 0 ? undefined : Math.min(...times);
  }

  /** Every item of the caller's User Bank views, by id, as first and last seen. */
  sightings(caller: ViewCaller): ReadonlyMap<string, Sightings> {
    for (; this.seenWalks < this.walks.length; this.seenWalks += 1) {
      const walk = this.walks[this.seenWalks] as ListWalk<E>;
      if (walk.path === '/user_banks') this.see(walk);
    }
    return this.seen[caller];
  }

  private see(walk: ListWalk<E>): void {
    const seen = this.seen[walk.caller];
    for (const page of walk.pages)
      for (const item of page.items) {
        const known = seen.get(item.id);
        if (known === undefined) {
          seen.set(item.id, {
            userId: item.userId,
            firstAnsweredAt: page.answeredAt,
            firstStatus: item.status,
            lastSentAt: page.sentAt,
            lastStatus: item.status,
          });
          continue;
        }
        if (page.answeredAt < known.firstAnsweredAt) {
          known.firstAnsweredAt = page.answeredAt;
          known.firstStatus = item.status;
        }
        if (page.sentAt > known.lastSentAt) {
          known.lastSentAt = page.sentAt;
          known.lastStatus = item.status;
        }
      }
  }

  /** The values of a field the caller's own views show, from walks that did not filter on that field. */
  knownValues(caller: ViewCaller, field: 'user_id' | 'status'): Set<string> {
    const values = new Set<string>();
    for (const walk of this.bankWalks(caller)) {
      if (walk.filters[field] !== undefined) continue;
      for (const page of walk.pages)
        for (const item of page.items) {
          const value = field === 'user_id' ? item.userId : item.status;
          if (value !== undefined) values.add(value);
        }
    }
    return values;
  }

  /** The first of `ids` that a walk of the other caller on `path` showed: one item in two businesses' views. */
  shownToOther(caller: ViewCaller, path: ViewPath, ids: readonly string[]): string | undefined {
    const other = new Set(
      this.walks.filter((w) => w.caller !== caller && w.path === path).flatMap((w) => w.pages.flatMap((p) => p.items.map((i) => i.id))),
    );
    return ids.find((id) => other.has(id));
  }

  bankWalks(caller: ViewCaller): ListWalk<E>[] {
    return this.walks.filter((w) => w.caller === caller && w.path === '/user_banks');
  }

  /** Every relation judged over every recorded walk; `settleMs` is how late a write may show in a list. */
  relations(settleMs: number): { breaks: ViewBreak<E>[]; more: number; judged: Record<RelationName, number> } {
    const all: ViewBreak<E>[] = [];
    const judged: Record<RelationName, number> = { 'filter-keeps-only': 0, 'item-in-every-view': 0, 'set-on-whole-walk': 0 };
    for (const caller of ['a', 'b'] as const) {
      all.push(...this.filterKeepsOnly(caller, judged));
      all.push(...this.itemInEveryView(caller, settleMs, judged));
    }
    all.push(...this.setOnWholeWalk(judged));
    const kept: ViewBreak<E>[] = [];
    const perKind = new Map<string, number>();
    for (const b of all) {
      const key = `${b.relation}:${b.field}`;
      const n = perKind.get(key) ?? 0;
      perKind.set(key, n + 1);
      if (n < MAX_BREAKS) kept.push(b);
    }
    return { breaks: kept, more: all.length - kept.length, judged };
  }

  private filterKeepsOnly(caller: ViewCaller, judged: Record<RelationName, number>): ViewBreak<E>[] {
    const breaks: ViewBreak<E>[] = [];
    const known = { user_id: this.knownValues(caller, 'user_id'), status: this.knownValues(caller, 'status') };
    for (const walk of this.bankWalks(caller)) {
      for (const field of ['user_id', 'status'] as const) {
        const value = walk.filters[field];
        if (value === undefined || !judgeable(value, known[field])) continue;
        judged['filter-keeps-only'] += 1;
        const pageIndex = walk.pages.findIndex((p) => p.items.some((i) => differs(i, field, value)));
        if (pageIndex === -1) continue;
        const wrong = walk.pages.flatMap((p) => p.items).filter((i) => differs(i, field, value));
        const example = wrong[0] as ViewItem;
        breaks.push({
          relation: 'filter-keeps-only',
          field,
          walk,
          message: `${describeWalk(walk)} lists ${wrong.length} User Bank(s) whose ${field} is not ${JSON.stringify(value)}, from page ${pageIndex + 1} on, e.g. ${example.id} with ${field} ${JSON.stringify(field === 'user_id' ? example.userId : example.status)}${Object.keys(walk.filters).length > 1 ? ': with several filters at once, each must still keep only its value' : ''}`,
          expected: `only User Banks with ${describeFilters(walk.filters)}`,
          actual: `${example.id} with ${field} ${JSON.stringify(field === 'user_id' ? example.userId : example.status)}`,
        });
      }
    }
    return breaks;
  }

  private itemInEveryView(caller: ViewCaller, settleMs: number, judged: Record<RelationName, number>): ViewBreak<E>[] {
    const breaks: ViewBreak<E>[] = [];
    const seen = this.sightings(caller);
    for (const walk of this.bankWalks(caller)) {
      if (!walk.complete || walk.pages.length === 0) continue;
      const began = (walk.pages[0] as ViewPage).sentAt;
      const ended = (walk.pages[walk.pages.length - 1] as ViewPage).answeredAt;
      const listed = new Set(walk.pages.flatMap((p) => p.items.map((i) => i.id)));
      const { user_id: userId, status } = walk.filters;
      const missing: string[] = [];
      let stable = 0;
      for (const [id, s] of seen) {
        if (s.firstAnsweredAt + settleMs > began || s.lastSentAt < ended) continue;
        if (userId !== undefined && s.userId !== userId) continue;
        if (status !== undefined && (s.firstStatus !== status || s.lastStatus !== status)) continue;
        stable += 1;
        if (!listed.has(id)) missing.push(id);
      }
      if (stable === 0) continue;
      judged['item-in-every-view'] += 1;
      if (missing.length === 0) continue;
      breaks.push({
        relation: 'item-in-every-view',
        field: this.missedBy(caller, walk, missing),
        walk,
        message: `${describeWalk(walk)} ended complete without ${missing.length} of the ${stable} User Banks that matched it and that the caller's views listed both before it began (settled) and after it ended: ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', ...' : ''}`,
        expected: `all ${stable} User Banks with ${describeFilters(walk.filters)} listed throughout`,
        actual: `${listed.size} listed, without ${missing[0]}`,
      });
    }
    return breaks;
  }

  /**
   * Which statement a walk that left items out breaks. A filter the walk did not ask for, when every
   * walk without it left the same items out while walks with it showed them: a view holding less than
   * a filtered view of it breaks that filter's meaning (a filter keeps only, 4.2: a view is the superset
   * of its views filtered further), whatever other filter the walk had. Else the walk's own filter
   * (the filtered list is the whole list restricted), and a walk without one: its cursor.
   */
  private missedBy(caller: ViewCaller, walk: ListWalk<E>, ids: readonly string[]): 'status' | 'user_id' | 'id' {
    for (const field of ['status', 'user_id'] as const) {
      if (walk.filters[field] !== undefined) continue;
      const withoutIt = new Set(
        this.bankWalks(caller)
          .filter((w) => w.filters[field] === undefined)
          .flatMap((w) => w.pages.flatMap((p) => p.items.map((i) => i.id))),
      );
      if (ids.every((id) => !withoutIt.has(id))) return field;
    }
    return walk.filters.user_id !== undefined ? 'user_id' : walk.filters.status !== undefined ? 'status' : 'id';
  }

  private setOnWholeWalk(judged: Record<RelationName, number>): ViewBreak<E>[] {
    const breaks: ViewBreak<E>[] = [];
    for (const walk of this.walks) {
      if (walk.path !== '/rfp_registrations' || !walk.complete) continue;
      judged['set-on-whole-walk'] += 1;
      const items = walk.pages.flatMap((p) => p.items);
      const ids = new Set<string>();
      const byUseCase = new Map<string, string>();
      for (const item of items) {
        if (ids.has(item.id)) {
          breaks.push({
            relation: 'set-on-whole-walk',
            field: 'id',
            walk,
            message: `${describeWalk(walk)} lists RfP Registration ${item.id} twice over its pages`,
            expected: 'each registration once',
            actual: `${item.id} twice`,
          });
          break;
        }
        ids.add(item.id);
        const before = item.useCase === undefined ? undefined : byUseCase.get(item.useCase);
        if (before !== undefined) {
          breaks.push({
            relation: 'set-on-whole-walk',
            field: 'use_case',
            walk,
            message: `${describeWalk(walk)} holds two RfP Registrations for use case ${item.useCase} over its pages (${before} and ${item.id}), while the caller holds one per permitted use case`,
            expected: 'one registration per use case',
            actual: `${before} and ${item.id} for ${item.useCase}`,
          });
          break;
        }
        if (item.useCase !== undefined) byUseCase.set(item.useCase, item.id);
      }
    }
    return breaks;
  }
}

/** A filter value the relation judges: one the views show, or one that is no near-miss of any they show. */
export function judgeable(value: string, known: ReadonlySet<string>): boolean {
  if (known.has(value)) return true;
  const lower = value.toLowerCase();
  return ![...known].some((k) => {
    const other = k.toLowerCase();
    return other === lower || other.startsWith(lower) || lower.startsWith(other);
  });
}

function differs(item: ViewItem, field: 'user_id' | 'status', value: string): boolean {
  const actual = field === 'user_id' ? item.userId : item.status;
  return actual !== undefined && actual !== value;
}
