import type { Fault } from './types.js';

/**
 * Crashes on requests a real client sends sooner or later, of kinds no other check sends: switched on
 * at the request hooks of src/reference/request-hooks.ts, never inside a handler.
 */
export const robustnessFaults = [
  {
    name: 'query-repeated-parameter-500',
    description: 'the query parser turns a parameter given twice into an array, which the code then treats as a string and crashes on: 500',
    breaks: 'http.no-5xx',
    caughtBy: 'robustness.unusual-requests-no-5xx',
  },
  {
    name: 'undefined-method-500',
    description: 'a method the API does not define on a path (PATCH /user_banks) falls through the router to a handler that is not there: 500 instead of a 4xx',
    breaks: 'http.no-5xx',
    caughtBy: 'robustness.unusual-requests-no-5xx',
  },
  {
    name: 'bank-long-value-refused-but-kept',
    description:
      'the row is inserted before the length check of its text columns (255 characters), and the 400 that check answers does not roll the insert back: a create with a 300-character field is refused, yet its bank is listed',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'robustness.refused-requests-store-nothing',
  },
] as const satisfies readonly Fault[];
