/** Choice: whether a page ends the list with next_cursor null (spec 2.4 does not say when next_cursor is null). */
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const lastPageChoice: Choice = {
  name: 'end of a list',
  silence:
    '2.4: next_cursor "string or null. A pointer to a place in the list." (when it is null is not said: a pointer to the empty place after the last item is a place too)',
  fields: ['emptyLastPage'],
  alternatives: [
    { does: 'null on the page that holds the last item', holds: (v) => !v.emptyLastPage, variations: ['baseline'] },
    {
      does: 'after a full last page, one more empty page, then null',
      holds: (v) => v.emptyLastPage,
      variations: ['lenient-capped', 'paged-rfp-403', 'lists-desc-offset-capped'],
    },
  ],
  code: ['src/lab/choices/last-page.ts'],
};

/** Whether the page that holds the list's last item points to one more, empty page after it. */
export function pointsPastLast(variation: Pick<Variation, 'emptyLastPage'>, shown: number, limit: number): boolean {
  return variation.emptyLastPage && shown === limit && shown > 0;
}
