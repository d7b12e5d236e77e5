/** Choice: how GET /rfp_registrations pages its list (spec 4.3: its pagination controls are not shown). */
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const rfpPagesChoice: Choice = {
  name: 'RfP page size',
  silence: '4.3: "Query parameters and pagination controls of this operation: not shown."',
  fields: ['rfpPageSize'],
  alternatives: [
    { does: 'every registration on one page', holds: (v) => v.rfpPageSize === 0, variations: ['baseline'] },
    {
      does: 'pages of a few, followed by next_cursor',
      holds: (v) => v.rfpPageSize > 0,
      variations: ['paged-rfp-403', 'lists-desc-offset-capped'],
    },
  ],
  code: ['src/lab/choices/rfp-pages.ts'],
};

/** The page size of the RfP list: the variation's, or the whole list (at least 1, the smallest page). */
export function rfpPageSize(variation: Pick<Variation, 'rfpPageSize'>, total: number): number {
  return variation.rfpPageSize > 0 ? variation.rfpPageSize : Math.max(1, total);
}
