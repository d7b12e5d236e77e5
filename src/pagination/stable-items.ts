/**
 * Other writers: on a shared staging, someone else may create (or remove) User Banks while the
 * suite walks the list. Walks that are compared (limit=100 against limit=7, two walks, a filter
 * against the unfiltered list) are judged on the items that existed before and after all of them:
 * an item missing from one walk is a fault only if it is still there afterwards, and an item only
 * one walk shows is a fault only if it is not there afterwards (a creation meanwhile may appear or
 * not). Repeats within a walk stay faults (pagination.traversal.no-duplicates). The walk "after" is
 * made only when a comparison found a difference, so a quiet target costs nothing more.
 */
import { perRun } from '../harness/per-run.js';
import type { Probe } from '../harness/probe.js';
import { idsOf } from './ids.js';
import { MAX_PAGE_SIZE, walk, type WalkOptions } from './walker.js';

/** The latest walk "after" of each list (path and query), and when it began. */
const afterWalks = perRun(() => new Map<string, { startedAt: number; ids: Promise<Set<string> | undefined> }>());

/**
 * The ids of the list in a walk at limit=100 begun after `comparedUntil` (Date.now() when the
 * compared walks had all ended); undefined when that walk did not end normally (then nothing is
 * excused). Shared by the checks that ask after the same moment.
 */
export function idsAfter(t: Probe, options: Omit<WalkOptions, 'limit'>, comparedUntil: number): Promise<Set<string> | undefined> {
  const key = JSON.stringify([options.path, options.query ?? {}, options.auth ?? 'a']);
  const byList = afterWalks(t.run.client);
  const latest = byList.get(key);
  if (latest && latest.startedAt > comparedUntil) return latest.ids;
  const startedAt = Date.now();
  const ids = walk(t, { ...options, limit: MAX_PAGE_SIZE }).then((result) =>
    result.end === 'complete' ? new Set(idsOf(result.items)) : undefined,
  );
  byList.set(key, { startedAt, ids });
  return ids;
}

/** Of the ids one walk missed, those still listed afterwards: the only ones that were lost. */
export const stillThere = (missed: string[], after: ReadonlySet<string> | undefined): string[] =>
  after === undefined ? missed : missed.filter((id) => after.has(id));

/** Of the ids only one walk showed, those not listed afterwards either: a creation meanwhile would be. */
export const notCreatedMeanwhile = (extra: string[], after: ReadonlySet<string> | undefined): string[] =>
  after === undefined ? extra : extra.filter((id) => !after.has(id));
