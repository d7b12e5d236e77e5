/** Choice: the order of a list's results (spec 4.2: "the order of results: not shown"). */
import { listingRows } from '../listing-rows.js';
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const orderChoice: Choice = {
  name: 'order of results',
  silence: '4.2: "Allowed values of the status filter and the order of results: not shown."; 4.3 shows no order either',
  fields: ['order'],
  alternatives: [
    { does: 'oldest first (creation order)', holds: (v) => v.order === 'asc', variations: ['baseline'] },
    {
      does: 'newest first',
      holds: (v) => v.order === 'desc',
      variations: ['ok-200-desc-offset', 'paged-rfp-403', 'lists-desc-offset-capped'],
    },
  ],
  code: ['src/lab/choices/order.ts'],
};

/** The rows (kept in creation order) in the variation's order; a reversed listing is kept while its list has not grown. */
export function inListOrder<T extends object>(rows: readonly T[], variation: Pick<Variation, 'order'>): readonly T[] {
  return variation.order === 'desc' ? listingRows(rows, 'desc', () => [...rows].reverse()) : rows;
}
