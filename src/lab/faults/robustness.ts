import type { IncomingMessage } from 'node:http';
import type { Scene } from '../hooks.js';
import { newBankRecord } from '../store.js';
import type { Fault } from './types.js';

/**
 * Crashes on requests a real client sends sooner or later, of kinds no other check sends: switched on
 * at the request and route hook points of src/lab/hooks.ts, never inside a handler.
 */
export const robustnessFaults = [
  {
    name: 'query-repeated-parameter-500',
    description: 'the query parser turns a parameter given twice into an array, which the code then treats as a string and crashes on: 500',
    breaks: 'http.no-5xx',
    caughtBy: 'robustness.unusual-requests-no-5xx',
    bends: {
      'request.url': (url) => {
        const names = [...url.searchParams.keys()];
        if (new Set(names).size < names.length) throw new Error('a repeated query parameter came as an array');
        return url;
      },
    },
  },
  {
    name: 'cursor-with-array-filter-500',
    description:
      "the query parser (qs style) reads status[]=active as an array; the cursor decoder, which checks that a cursor's filters match the query's, lower-cases the status as a string before the query is validated and throws: a 500 for a cursor given together with a status in array form (either alone is answered)",
    breaks: 'http.no-5xx',
    caughtBy: 'robustness.unusual-requests-no-5xx',
    bends: {
      'request.url': (url) => {
        // The middleware runs before the auth guard, so whoever sends the pair meets it.
        if ((url.searchParams.get('cursor') ?? '') !== '' && url.searchParams.has('status[]'))
          throw new Error('status.toLowerCase is not a function');
        return url;
      },
    },
  },
  {
    name: 'undefined-method-500',
    description:
      'a method the API does not define on a path (PATCH /user_banks) falls through the router to a handler that is not there: 500 instead of a 4xx',
    breaks: 'http.no-5xx',
    caughtBy: 'robustness.unusual-requests-no-5xx',
    bends: {
      'route.undefined-method': () => {
        throw new Error('no handler for this method');
      },
    },
  },
  {
    name: 'bank-long-value-refused-but-kept',
    description:
      'the row is inserted before the length check of its text columns (255 characters), and the 400 that check answers does not roll the insert back: a create with a 300-character field is refused, yet its bank is listed',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'robustness.refused-requests-store-nothing',
    bends: { 'exchange.answered': (answered, scene) => (keepRowOfLongValue(scene), answered) },
  },
] as const satisfies readonly Fault[];

/** The length of a text column: a longer value is refused by a check that runs after the insert. */
const COLUMN_LENGTH = 255;

/**
 * A store that inserts the row before its last validation and does not roll it back when that
 * validation refuses the request (the length check of a text column, run after the insert).
 */
function keepRowOfLongValue({ state, req, res, url, caller }: Scene): void {
  if (req.method !== 'POST' || url.pathname !== '/user_banks') return;
  res.on('finish', () => {
    if (res.statusCode < 400 || res.statusCode >= 500) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse((req as IncomingMessage & { bodyText?: string }).bodyText ?? '');
    } catch {
      return;
    }
    // A body that is no object (JSON null, an array, a number) holds no row to keep.
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return;
    const body = parsed as Record<string, unknown>;
    const text = (name: string): string => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const userId = text('user_id');
    if (!Object.values(body).some((v) => typeof v === 'string' && v.length > COLUMN_LENGTH) || !caller.users.some((u) => u.id === userId))
      return;
    caller.banks.push(
      newBankRecord(state, userId, {
        account_number: text('account_number').slice(0, COLUMN_LENGTH),
        routing_number: text('routing_number').slice(0, COLUMN_LENGTH),
      }),
    );
  });
}
