/**
 * The User Banks a caller's filtered walks listed that its whole list, walked after them, did not: a
 * list that hides items from its unfiltered view (a product default such as "hide closed accounts")
 * shows them only to a filter for their value. Which filtered queries showed them is what the walks
 * that bracket the whole list again must repeat (src/methods/steps/closing-views.ts); the judgement
 * stays the relation "an item in every view it belongs to" (src/core/model/list-views.ts).
 */
import { idOf, idsOf } from '../pagination/ids.js';
import type { WalkResult } from '../pagination/walker.js';

export interface FilteredWalk {
  query: Record<string, string>;
  result: WalkResult;
}

export interface ShownOnlyFiltered {
  ids: Set<string>;
  /** The filtered queries whose walks listed one of them, each once. */
  queries: Record<string, string>[];
}

export function shownOnlyFiltered(filtered: readonly FilteredWalk[], whole: WalkResult): ShownOnlyFiltered {
  const listed = new Set(whole.items.map(idOf));
  const ids = new Set<string>();
  const queries: Record<string, string>[] = [];
  for (const { query, result } of filtered) {
    if (Object.keys(query).length === 0) continue;
    const hidden = idsOf(result.items).filter((id) => !listed.has(id));
    if (hidden.length === 0) continue;
    for (const id of hidden) ids.add(id);
    queries.push(query);
  }
  return { ids, queries };
}
