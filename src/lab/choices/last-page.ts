/** Choice: whether a page ends the list with next_cursor null (spec 2.4 does not say when next_cursor is null). */
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const lastPageChoice: Choice = {
  name: 'end of a list',
  silence:
    '2.4: next_cursor "string or null. A pointer to a place in the list." (when it is null is not said: a pointer to the empty place after the last item is a place too)',
  fields: ['emptyLastPage'],
  alternatives: [
    { does: 'null on the page that holds the last item', holds: (v) => v.emptyLastPage === 'none', variations: ['baseline'] },
    {
      does: 'after a full last page, one more empty page, then null',
      holds: (v) => v.emptyLastPage === 'after-full',
      variations: ['lenient-capped', 'paged-rfp-403', 'lists-desc-offset-capped'],
    },
    {
      // A page that is not full yet points onward: the page after it is empty, so the page still held
      // every item there was to give (4.2's "Size of the page" is kept: nothing was left for it).
      does: 'after any last page that holds an item, full or not, one more empty page, then null',
      holds: (v) => v.emptyLastPage === 'after-any',
      variations: ['background-writer', 'growing-newest-first'],
    },
  ],
  code: ['src/lab/choices/last-page.ts'],
};

/** Whether the page that holds the list's last item points to one more, empty page after it. */
export function pointsPastLast(variation: Pick<Variation, 'emptyLastPage'>, shown: number, limit: number): boolean {
  if (shown === 0) return false;
  if (variation.emptyLastPage === 'after-any') return true;
  return variation.emptyLastPage === 'after-full' && shown === limit;
}
