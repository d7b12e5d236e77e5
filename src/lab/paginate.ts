/** One page of an ordered list, after a cursor, in either cursor style. */
import { decodeCursor, encodeCursor, spellCursor, unspellCursor } from './cursor.js';
import { firstPast } from './seq-position.js';
import type { Variation } from './variations.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export class BadCursor extends Error {}

export function paginate<T extends { seq: number }>(
  ordered: readonly T[],
  options: { cursor: string | undefined; limit: number; variation: Variation; scope: string; startAfterCursor: (start: number) => number },
): Page<T> {
  const { cursor, limit, variation, scope } = options;
  let start = 0;
  if (cursor !== undefined) {
    const issued = unspellCursor(variation, cursor);
    const position = issued === undefined ? undefined : decodeCursor(variation.cursorStyle, issued, scope);
    // Stryker disable next-line StringLiteral: the message is never sent (the handlers answer their own error text, which spec 7 leaves open).
    if (!position) throw new BadCursor('cursor not recognised');
    if (position.kind === 'offset') start = position.offset;
    else start = firstPast(ordered, position.seq, variation.order);
    // A hook point of the caller's (list.start of hooks.ts, or none: the identity).
    start = options.startAfterCursor(start);
  }
  const items = ordered.slice(start, start + limit);
  const end = start + items.length;
  // Whether a last page points to one more, empty page: spec 2.4 does not say when next_cursor is null, so a
  // cursor to an empty page after the last item is conformant (the emptyLastPage variations do it on purpose).
  // Stryker disable next-line all: equivalent: at most one more, empty page after the last item (see above).
  const emptyPageNext = variation.emptyLastPage && items.length === limit && items.length > 0;
  const more = end < ordered.length;
  const pointOnward = more || emptyPageNext;
  const last = items[items.length - 1];
  // Stryker disable next-line LogicalOperator: equivalent: a cursor after the last item of a last page is one more, empty page (see above); with no item there is no page left to point past.
  if (pointOnward && last)
    return {
      items,
      nextCursor: spellCursor(variation, encodeCursor(variation.cursorStyle, { lastSeq: last.seq, nextOffset: end }, scope)),
    };
  return { items, nextCursor: null };
}
