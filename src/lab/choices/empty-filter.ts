/** Choice: what an empty filter (`status=`, `user_id=`) means (spec 4.2 does not say). */
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const emptyFilterChoice: Choice = {
  name: 'empty filter',
  silence:
    '4.2: status "Keep only User Banks with this status", user_id "Keep only User Banks of this User"; "Allowed values of the status filter ...: not shown" (an empty value is not said to be a value or none)',
  fields: ['emptyFilterIsAbsent'],
  alternatives: [
    { does: "the value '' (no User Bank has it)", holds: (v) => !v.emptyFilterIsAbsent, variations: ['baseline'] },
    { does: 'no filter, as `if (query.status)` reads it', holds: (v) => v.emptyFilterIsAbsent, variations: ['empty-filter-absent'] },
  ],
  code: ['src/lab/choices/empty-filter.ts'],
};

/** A filter's value as the query parser reads it: null when absent, and, where the parser reads an empty value as none, when empty. */
export function filterValue(url: URL, name: string, variation: Pick<Variation, 'emptyFilterIsAbsent'>): string | null {
  const value = url.searchParams.get(name);
  return variation.emptyFilterIsAbsent && value === '' ? null : value;
}
