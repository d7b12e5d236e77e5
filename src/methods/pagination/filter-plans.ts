/**
 * Which filter values the pagination checks walk GET /user_banks with (spec 4.2: user_id=, status=):
 * planned from the unfiltered reference walk, so a filtered walk has a client-side answer to be held
 * against. The filter checks and the checks that judge every walk (named-walks.ts everyWalk) both
 * walk these plans, so they judge the same values.
 *
 * When the comparisons are made on a quiet User's list (list-data.ts), status= is walked within it
 * (user_id=Q&status=...) and held against its walk, and user_id= is walked for that User alone and
 * held against the part of the caller's whole list that was read: every bank of the User listed
 * there must be in the filtered walk (what lies past the part read cannot be told).
 */
import type { Probe } from '../../harness/probe.js';
import { fieldOf, idsOf } from './ids.js';
import type { ListData } from './list-data.js';
import type { WalkResult } from './walker.js';
import type { ListOf } from './whole-walks.js';

export type FilterName = 'user_id' | 'status';

export interface FilterPlan {
  name: FilterName;
  value: string;
  /** The filters the walk is made within (the quiet User's, or none), beside `name=value`. */
  within: Record<string, string>;
  /** What the walk held against holds for this value (the client-side filter). */
  expected: string[];
  /** The walk the filtered one is held against, its list, and whether it was read to its end (only then can an item it lacks be judged extra). */
  against: { walk: WalkResult; list: ListOf; toEnd: boolean; label: string };
  /**
   * A list too large for the run's budget, read only in part: at the page size of a list of `likeItems`
   * (the quiet User's), for `pages` pages. Its pages read are judged to keep only the value (a cache
   * keyed without the filter shows there); it is held against nothing for completeness.
   */
  bounded?: { likeItems: number; pages: number };
}

/** Pages read of the configured User's filtered list when it is too large for the run's budget. */
export const BOUNDED_FILTER_PAGES = 3;

/** At most this many Users are walked with user_id=, and this many status values with status=. */
const MAX_FILTER_USERS = 6;
const MAX_FILTER_STATUSES = 6;

/**
 * Filter values worth walking: every User the unfiltered list shows and every status it shows,
 * bounded, minority values first (a filter right only for the common value, or a cache keyed without
 * the filter, shows on the others). The configured User and the commonest status are always walked.
 */
export function filterPlans(t: Probe, data: ListData, name: FilterName): FilterPlan[] {
  const quiet = data.list.query?.user_id;
  if (quiet !== undefined && name === 'user_id' && data.whole !== undefined) {
    const expected = idsOf(data.whole.items.filter((item) => fieldOf(item, 'user_id') === quiet));
    const label = `the caller's whole list as far as it was read (${data.whole.items.length} User Banks on ${data.whole.pages.length} pages, not to its end)`;
    const against = { walk: data.whole, list: { path: data.list.path }, toEnd: false, label };
    const plan: FilterPlan = { name, value: quiet, within: {}, expected, against };
    // The configured User too, at the quiet User's page size: two Users filtered alike, so an answer
    // cached under a key without the user_id shows on the second.
    const mine = t.settings.userIdA;
    const ofMine = idsOf(data.whole.items.filter((item) => fieldOf(item, 'user_id') === mine));
    if (ofMine.length === 0) return [plan];
    return [
      plan,
      { name, value: mine, within: {}, expected: ofMine, against, bounded: { likeItems: expected.length, pages: BOUNDED_FILTER_PAGES } },
    ];
  }
  const against = {
    walk: data.reference,
    list: data.list,
    toEnd: true,
    label: quiet !== undefined ? `User ${quiet}'s list` : 'the unfiltered list',
  };
  const within = data.list.query ?? {};
  const counts = new Map<string, string[]>();
  for (const item of data.reference.items) {
    const value = fieldOf(item, name);
    const id = idsOf([item])[0];
    if (typeof value !== 'string' || id === undefined) continue;
    const ids = counts.get(value);
    if (ids) ids.push(id);
    else counts.set(value, [id]); // not a copy per item: 25,000 items made that 80% of a run's CPU
  }
  const fewestFirst = [...counts.entries()].sort((a, b) => a[1].length - b[1].length || (a[0] < b[0] ? -1 : 1));
  const must =
    name === 'user_id' ? (counts.has(t.settings.userIdA) ? t.settings.userIdA : fewestFirst.at(-1)?.[0]) : fewestFirst.at(-1)?.[0];
  const max = name === 'user_id' ? MAX_FILTER_USERS : MAX_FILTER_STATUSES;
  const chosen = fewestFirst.filter(([value]) => value !== must).slice(0, max - 1);
  if (must !== undefined) chosen.push([must, counts.get(must) as string[]]);
  return chosen.map(([value, expected]) => ({ name, value, within, expected, against }));
}
