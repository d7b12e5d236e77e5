/** One page of an ordered list after a cursor; what a cursor is and where it resumes is the cursor style choice (choices/cursor.ts). */
import { nextCursor, resumeAt } from './choices/cursor.js';
import { pointsPastLast } from './choices/last-page.js';
import type { Variation } from './variations.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The page after the cursor, or undefined when the cursor is not one this server issued for this listing. */
export function paginate<T extends { seq: number }>(
  ordered: readonly T[],
  options: { cursor: string | undefined; limit: number; variation: Variation; scope: string; startAfterCursor: (start: number) => number },
): Page<T> | undefined {
  const { cursor, limit, variation, scope } = options;
  let start = 0;
  if (cursor !== undefined) {
    const resumed = resumeAt(variation, cursor, scope, ordered);
    if (resumed === undefined) return undefined;
    // A hook point of the caller's (list.start of hooks.ts, or none: the identity).
    start = options.startAfterCursor(resumed);
  }
  const items = ordered.slice(start, start + limit);
  const end = start + items.length;
  // Items after the page: the cursor must lead to them. A page that holds the last item ends the list
  // or points to one more, empty page: which is the choice's (choices/last-page.ts).
  const more = end < ordered.length;
  if (!more && !pointsPastLast(variation, items.length, limit)) return { items, nextCursor: null };
  // A page that points onward holds an item: with more, the page starts before the list's end and a
  // limit is at least 1; past the last, the choice points onward only from a page that holds one.
  return { items, nextCursor: nextCursor(variation, items[items.length - 1] as T, end, scope) };
}
