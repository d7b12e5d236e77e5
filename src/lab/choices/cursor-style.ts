/**
 * Choice: what a cursor is, and where it resumes (spec 2.4: "A pointer to a place in the list"; its
 * encoding is not shown). An opaque keyset cursor names the last row seen and the listing it was
 * issued for, signed so a tampered one is refused (cursor.ts; seq-position.ts finds the row past it);
 * an offset cursor is the index of the next row. Either may be spelled with characters reserved in a
 * query string (RFC 3986 3.4), which a client must percent-encode.
 */
import type { Choice } from './choice.js';

export const cursorStyleChoice: Choice = {
  name: 'cursor style',
  silence:
    '2.4: next_cursor "A pointer to a place in the list. Passed back as the cursor query parameter" (its encoding and scope are not shown)',
  fields: ['cursorStyle'],
  alternatives: [
    { does: 'an opaque, signed keyset cursor tied to its listing', holds: (v) => v.cursorStyle === 'opaque', variations: ['baseline'] },
    {
      does: 'a plain offset, valid in any listing',
      holds: (v) => v.cursorStyle === 'offset',
      variations: ['ok-200-desc-offset', 'lists-desc-offset-capped'],
    },
  ],
  code: ['src/lab/choices/cursor.ts', 'src/lab/choices/seq-position.ts', 'src/lab/choices/cursor-style.ts'],
};

export const cursorAlphabetChoice: Choice = {
  name: 'cursor alphabet',
  silence: '2.4: next_cursor is a "string"; "Passed back as the cursor query parameter" (the characters it holds are not shown)',
  fields: ['reservedCursorChars'],
  alternatives: [
    { does: 'cursors of URL-safe characters', holds: (v) => !v.reservedCursorChars, variations: ['baseline'] },
    {
      does: 'cursors that hold & # % / ? + = and a space',
      holds: (v) => v.reservedCursorChars,
      variations: ['busy-staging', 'growing-newest-first'],
    },
  ],
  code: ['src/lab/choices/cursor.ts'],
};

/** The listing an opaque cursor of the User Bank list is tied to: whose list, under which filters (an offset ignores it). */
export function bankListingScope(caller: string, filters: { userId: string | null; status: string | null }): string {
  return `${caller}:banks:${filters.userId ?? ''}:${filters.status ?? ''}`;
}

/** The listing an opaque cursor of the RfP list is tied to: whose list. */
export function rfpListingScope(caller: string): string {
  return `${caller}:rfp`;
}
