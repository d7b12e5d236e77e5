/** One page of an ordered list, after a cursor, in either cursor style. */
import { decodeCursor, encodeCursor } from './cursor.js';
import type { Variation } from './variations.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export class BadCursor extends Error {}

export function paginate<T extends { seq: number }>(
  ordered: readonly T[],
  options: { cursor: string | undefined; limit: number; variation: Variation; scope: string },
): Page<T> {
  const { cursor, limit, variation, scope } = options;
  let start = 0;
  if (cursor !== undefined) {
    const position = decodeCursor(variation.cursorStyle, cursor, scope);
    if (!position) throw new BadCursor('cursor not recognised');
    if (position.kind === 'offset') start = position.offset;
    else {
      const ascending = variation.order === 'asc';
      const index = ordered.findIndex((row) => (ascending ? row.seq > position.seq : row.seq < position.seq));
      start = index === -1 ? ordered.length : index;
    }
  }
  const items = ordered.slice(start, start + limit);
  const end = start + items.length;
  const more = end < ordered.length;
  const pointOnward = more || (variation.emptyLastPage && items.length === limit && items.length > 0);
  const last = items[items.length - 1];
  const nextCursor = pointOnward && last ? encodeCursor(variation.cursorStyle, { lastSeq: last.seq, nextOffset: end }, scope) : null;
  return { items, nextCursor };
}
