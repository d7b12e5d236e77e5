/**
 * Which filter values the pagination checks walk GET /user_banks with (spec 4.2: user_id=, status=):
 * planned from the unfiltered reference walk, so a filtered walk has a client-side answer to be held
 * against. The filter checks and the checks that judge every walk (named-walks.ts everyWalk) both
 * walk these plans, so they judge the same values.
 */
import type { Probe } from '../../harness/probe.js';
import { fieldOf, idsOf } from './ids.js';
import type { ListData } from './list-data.js';

export type FilterName = 'user_id' | 'status';

export interface FilterPlan {
  name: FilterName;
  value: string;
  /** What the unfiltered walk holds for this value (the client-side filter). */
  expected: string[];
}

/** At most this many Users are walked with user_id=, and this many status values with status=. */
const MAX_FILTER_USERS = 6;
const MAX_FILTER_STATUSES = 6;

/**
 * Filter values worth walking: every User the unfiltered list shows and every status it shows,
 * bounded, minority values first (a filter right only for the common value, or a cache keyed without
 * the filter, shows on the others). The configured User and the commonest status are always walked.
 */
export function filterPlans(t: Probe, data: ListData, name: FilterName): FilterPlan[] {
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
  return chosen.map(([value, expected]) => ({ name, value, expected }));
}
