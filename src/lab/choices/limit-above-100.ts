/** Choice: the answer to a limit above 100 (spec 4.2 and 8 name the maximum, not what a larger value gets). */
import type { ErrorSentence } from '../http-util.js';
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const limitAbove100Choice: Choice = {
  name: 'limit above 100',
  silence:
    '4.2: limit "Range 1 to 100 inclusive. Default and maximum: 100."; 7: "... status codes for failures: not shown" (what a larger value gets is not said)',
  fields: ['limitAbove100'],
  alternatives: [
    { does: 'refuse it as bad input', holds: (v) => v.limitAbove100 === 'reject', variations: ['baseline'] },
    {
      does: 'cap it: a page of at most 100',
      holds: (v) => v.limitAbove100 === 'cap',
      variations: ['lenient-capped', 'lists-desc-offset-capped'],
    },
  ],
  code: ['src/lab/choices/limit-above-100.ts'],
};

/** The page size a limit above 100 gets, or the sentence of its refusal. */
export function limitAbove100(variation: Pick<Variation, 'limitAbove100'>): number | ErrorSentence {
  return variation.limitAbove100 === 'cap' ? 100 : 'limit must be at most 100';
}
