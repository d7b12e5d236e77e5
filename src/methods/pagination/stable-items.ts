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
 * An id is taken as removed only when both walks agree it is gone.
 */
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { idsOf } from './ids.js';
import { MAX_PAGE_SIZE, walk, type WalkOptions } from './walker.js';

/** The latest walk "after" of each list (path and query), and when it began. */
const afterWalks = perRun(() => new Map<string, { startedAt: number; ids: Promise<Set<string> | undefined> }>());

/** Walks of the list afterwards, whose ids are put together (see above). */
const AFTER_WALKS = 2;

/**
 * The ids listed by walks at limit=100 begun after `comparedUntil` (Date.now() when the compared
 * walks had all ended), together; undefined when no such walk ended normally (then nothing is
 * excused). Shared by the checks that ask after the same moment.
 */
export function idsAfter(t: Probe, options: Omit<WalkOptions, 'limit'>, comparedUntil: number): Promise<Set<string> | undefined> {
  const key = JSON.stringify([options.path, options.query ?? {}, options.auth ?? 'a']);
  const byList = afterWalks(t.run.client);
  const latest = byList.get(key);
  if (latest && latest.startedAt > comparedUntil) return latest.ids;
  const startedAt = Date.now();
  const walks = Array.from({ length: AFTER_WALKS }, () => walk(t, { ...options, limit: MAX_PAGE_SIZE }));
  const ids = Promise.all(walks).then((results) => {
    const complete = results.filter((result) => result.end === 'complete');
    return complete.length === 0 ? undefined : new Set(complete.flatMap((result) => idsOf(result.items)));
  });
  byList.set(key, { startedAt, ids });
  return ids;
}

/** Of the ids one walk missed, those still listed afterwards: the only ones that were lost. */
export const stillThere = (missed: string[], after: ReadonlySet<string> | undefined): string[] =>
  after === undefined ? missed : missed.filter((id) => after.has(id));

/** Of the ids only one walk showed, those not listed afterwards either: a creation meanwhile would be. */
export const notCreatedMeanwhile = (extra: string[], after: ReadonlySet<string> | undefined): string[] =>
  after === undefined ? extra : extra.filter((id) => !after.has(id));
