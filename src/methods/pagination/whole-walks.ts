/**
 * The walks of a whole list at the largest page (limit=100) made in this run, by list (path, filter,
 * caller), each with when it began. A proof that needs the whole list (the ids a caller holds, a
 * User's banks before a refused write, a created bank listed) takes the latest walk that began late
 * enough instead of walking again: on a 100,000-bank User each walk is 1,000 pages, and a run made
 * eleven of them where four carry different information (issue 44).
 */
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { fieldOf, idsOf } from './ids.js';
import { MAX_PAGE_SIZE, walk, type WalkOptions, type WalkResult } from './walker.js';

/** Which list: a path, its filters, and the caller that reads it. */
export interface ListOf {
  path: string;
  query?: Record<string, string | number | undefined>;
  auth?: 'a' | 'b';
}

export interface WholeWalk {
  /** When the walk began (Date.now()): what was answered before it is in it, once settled. */
  startedAt: number;
  result: WalkResult;
}

export interface Recorded {
  startedAt: number;
  result: Promise<WalkResult>;
}

/** Per list: the latest walk begun (it may still be reading), the latest one that ended complete, and the most distinct ids any walk of it read. */
const walksOf = perRun(() => new Map<string, Entry>());

interface Entry {
  latest?: Recorded;
  complete?: WholeWalk;
  /** The walk that read the most distinct ids, and how many. */
  widest?: { walk: WalkResult; ids: number };
}

const keyOf = (list: ListOf): string =>
  JSON.stringify([
    list.path,
    Object.entries(list.query ?? {})
      .filter(([name, value]) => value !== undefined && name !== 'limit' && name !== 'cursor')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${String(value)}`),
    list.auth ?? 'a',
  ]);

/** A walk (the walker's), recorded for the proofs of the run when it reads the list at the largest page. */
export function walkWhole(t: Probe, options: WalkOptions): Promise<WalkResult> {
  const startedAt = Date.now();
  const result = walk(t, options);
  if (options.limit !== MAX_PAGE_SIZE) return result;
  const entry = entryOf(t, options);
  entry.latest = { startedAt, result };
  void result.then(
    (ended) => {
      const ids = new Set(idsOf(ended.items)).size;
      if (ids > (entry.widest?.ids ?? -1)) entry.widest = { walk: ended, ids };
      if (ended.end === 'complete' && (entry.complete === undefined || entry.complete.startedAt <= startedAt))
        entry.complete = { startedAt, result: ended };
    },
    () => undefined,
  );
  return result;
}

function entryOf(t: Probe, list: ListOf): Entry {
  const walks = walksOf(t.run.client);
  const key = keyOf(list);
  let entry = walks.get(key);
  if (entry === undefined) {
    entry = {};
    walks.set(key, entry);
  }
  return entry;
}

/**
 * The latest walk of the whole list at limit=100 that began after `after` (Date.now()), possibly
 * still reading, or else the latest that ended complete and began after it; undefined when none did.
 */
export function wholeWalkBegunAfter(t: Probe, list: ListOf, after = Number.NEGATIVE_INFINITY): Recorded | undefined {
  const { latest, complete } = entryOf(t, list);
  if (latest !== undefined && latest.startedAt > after && (complete === undefined || complete.startedAt !== latest.startedAt))
    return latest;
  return complete !== undefined && complete.startedAt > after
    ? { startedAt: complete.startedAt, result: Promise.resolve(complete.result) }
    : undefined;
}

/**
 * The latest walk of the whole list at limit=100 that began after `after` and ended complete, waiting
 * for one still reading; undefined when there is none (the caller walks itself).
 */
export async function wholeWalkSince(t: Probe, list: ListOf, after = Number.NEGATIVE_INFINITY): Promise<WholeWalk | undefined> {
  const begun = wholeWalkBegunAfter(t, list, after);
  const result = await begun?.result.catch(() => undefined);
  if (begun !== undefined && result?.end === 'complete') return { startedAt: begun.startedAt, result };
  const { complete } = entryOf(t, list);
  return complete !== undefined && complete.startedAt > after ? complete : undefined;
}

/** The latest walk of the whole list at limit=100 that ended complete (its pages, its items); undefined when none did. */
export function lastWholeWalk(t: Probe, list: ListOf): WalkResult | undefined {
  return entryOf(t, list).complete?.result;
}

/**
 * How many items a list holds, from this run's latest whole walk of it, or else of the caller's
 * whole list restricted to the items whose fields equal the list's filters; undefined when neither was walked.
 */
export function knownListSize(t: Probe, list: ListOf): number | undefined {
  const exact = lastWholeWalk(t, list);
  if (exact !== undefined) return exact.items.length;
  const whole = lastWholeWalk(t, unfiltered(list));
  if (whole === undefined) return undefined;
  return itemsOn(list, whole.items).length;
}

/** The caller's whole list the list is a part of: its path, unfiltered, read by the same caller. */
const unfiltered = (list: ListOf): ListOf => ({ path: list.path, ...(list.auth ? { auth: list.auth } : {}) });

/** Of a whole list's items, those whose fields equal the list's filters (its query but limit and cursor). */
function itemsOn(list: ListOf, items: readonly unknown[]): unknown[] {
  const filters = Object.entries(list.query ?? {}).filter(([name, value]) => value !== undefined && name !== 'limit' && name !== 'cursor');
  return items.filter((item) => filters.every(([name, value]) => fieldOf(item, name) === String(value)));
}

/**
 * How many items a list holds at least: its size when known (knownListSize), else the most distinct
 * ids a whole walk of it read before its cap, or the items of the caller's whole list read that carry
 * its filters (a list too large for the run's budget holds at least what was read of it).
 */
export function listSizeAtLeast(t: Probe, list: ListOf): number | undefined {
  const known = knownListSize(t, list);
  if (known !== undefined) return known;
  const own = entryOf(t, list).widest?.ids;
  const whole = entryOf(t, unfiltered(list)).widest?.walk;
  const inWhole = whole === undefined ? undefined : new Set(idsOf(itemsOn(list, whole.items))).size;
  return own === undefined && inWhole === undefined ? undefined : Math.max(own ?? 0, inWhole ?? 0);
}
