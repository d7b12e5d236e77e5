/**
 * Other writers: on a shared staging, someone else may create (or remove) User Banks while the
 * suite walks the list. Walks that are compared (limit=100 against limit=7, two walks, a filter
 * against the unfiltered list) are judged on the items that existed before and after all of them:
 * an item missing from one walk is a fault only if it is still there afterwards, and an item only
 * one walk shows is a fault only if it is not there afterwards (a creation meanwhile may appear or
 * not). Repeats within a walk stay faults (pagination.traversal.no-duplicates). The walks "after" are
 * made only when a comparison found a difference, so a quiet target costs nothing more.
 *
 * "Afterwards" is two walks, and an id counts as listed if either lists it: one walk alone would
 * excuse whatever it happened not to list, so a list that shows another subset on each query (an
 * order that is not unique under offset pages, a replica behind) would pass as other writers at work.
 * A listing is evidence that an item exists even from a walk that did not reach the end; an item is
 * taken as absent only when a walk afterwards reached the end without it. When none did, an
 * absence is untold: the comparison cannot say, and the check says so instead of judging.
 */
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { idsOf } from './ids.js';
import { timeCapFor } from './list-data.js';
import { pageCapFor } from './plan.js';
import { youngByOthers } from './others-new-items.js';
import { MAX_PAGE_SIZE, walk, type WalkOptions, type WalkResult } from './walker.js';
import { knownListSize } from './whole-walks.js';

/** What the walks afterwards listed. */
export interface ListedAfter {
  /** Every id a walk afterwards listed, whether or not that walk reached the end. */
  ids: ReadonlySet<string>;
  /** Whether a walk afterwards reached the end: only then is an id it did not list absent. */
  ended: boolean;
  /** How the walks ended, when none reached the end. */
  why?: string;
}

/** The latest walk "after" of each list (path and query), and when it began. */
const afterWalks = perRun(() => new Map<string, { startedAt: number; listed: Promise<ListedAfter> }>());

/** Walks of the list afterwards, whose ids are put together (see above). */
const AFTER_WALKS = 2;

/**
 * The ids listed by walks at limit=100 begun after `comparedUntil` (Date.now() when the compared
 * walks had all ended), together. Each is sized for the list as this run's whole walks found it, so
 * a list of thousands is read to its end. Shared by the checks that ask after the same moment.
 */
export function idsAfter(t: Probe, options: Omit<WalkOptions, 'limit'>, comparedUntil: number): Promise<ListedAfter> {
  const key = JSON.stringify([options.path, options.query ?? {}, options.auth ?? 'a']);
  const byList = afterWalks(t.run.client);
  const latest = byList.get(key);
  if (latest && latest.startedAt > comparedUntil) return latest.listed;
  const startedAt = Date.now();
  const known = knownListSize(t, options);
  const sized =
    known === undefined
      ? {}
      : { maxPages: pageCapFor(known, MAX_PAGE_SIZE), maxMs: timeCapFor(t, pageCapFor(known, MAX_PAGE_SIZE)), expectedItems: known };
  const walks = Array.from({ length: AFTER_WALKS }, () => walk(t, { ...sized, ...options, limit: MAX_PAGE_SIZE }));
  const listed = Promise.all(walks).then((results): ListedAfter => {
    const ended = results.some((result) => result.end === 'complete');
    const ids = new Set(results.flatMap((result) => idsOf(result.items)));
    return ended ? { ids, ended } : { ids, ended, why: results.map((result) => result.detail ?? result.end).join('; ') };
  });
  byList.set(key, { startedAt, listed });
  return listed;
}

/** Ids weighed against the walks afterwards: those the evidence shows at fault, and those it cannot tell of. */
export interface Weighed {
  shown: string[];
  untold: string[];
}

/** Of the ids one walk missed: still listed afterwards, lost (shown); listed by no walk afterwards that ended, untold. */
export const stillThere = (missed: readonly string[], after: ListedAfter): Weighed => ({
  shown: missed.filter((id) => after.ids.has(id)),
  untold: after.ended ? [] : missed.filter((id) => !after.ids.has(id)),
});

/** Of the ids only one walk showed: absent from a walk afterwards that ended, shown; listed afterwards, a creation meanwhile. */
export const notCreatedMeanwhile = (extra: readonly string[], after: ListedAfter): Weighed => {
  const unlisted = extra.filter((id) => !after.ids.has(id));
  return after.ended ? { shown: unlisted, untold: [] } : { shown: [], untold: unlisted };
};

/** How two compared walks of one list differ: ids only the first listed (lost by the later one), and ids only the later one listed. */
export interface Differences {
  lost: string[];
  extra: string[];
}

/** The differences left once what did not exist throughout is set apart, and what could not be told either way. */
export interface WeighedDifferences extends Differences {
  /** Ids whose difference the walks afterwards could not weigh (none of them reached the end). */
  untold: string[];
  /** Why the walks afterwards could not weigh them. */
  why?: string;
  /** Differences set apart as another writer's items, created while the walks read (others-new-items.ts). */
  young: number;
}

/**
 * Judges the differences between a walk and a later one of the same list on what existed throughout:
 * another writer's items created while they read are set apart first (no request), and only what is
 * left is weighed against walks afterwards.
 */
export async function existedThroughout(
  t: Probe,
  list: Omit<WalkOptions, 'limit'>,
  walks: { first: WalkResult; later: WalkResult },
  differences: Differences,
  comparedUntil: number,
): Promise<WeighedDifferences> {
  const young = youngByOthers(t, walks.first, [...walks.first.items, ...walks.later.items]);
  const lost = differences.lost.filter((id) => !young(id));
  const extra = differences.extra.filter((id) => !young(id));
  const set = differences.lost.length + differences.extra.length - lost.length - extra.length;
  if (lost.length === 0 && extra.length === 0) return { lost, extra, untold: [], young: set };
  const after = await idsAfter(t, list, comparedUntil);
  const stillListed = stillThere(lost, after);
  const neverListed = notCreatedMeanwhile(extra, after);
  return {
    lost: stillListed.shown,
    extra: neverListed.shown,
    untold: [...stillListed.untold, ...neverListed.untold],
    ...(after.why !== undefined ? { why: after.why } : {}),
    young: set,
  };
}
