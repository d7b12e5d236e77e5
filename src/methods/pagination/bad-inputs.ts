/**
 * Out-of-range limits and cursors the service never issued: what the pagination checks send to see
 * that a bad value is refused (a 4xx, by convention) and never breaks the server (a 5xx).
 */

/** limit values outside 1..100 (spec 4.2, 8). Above 100, capping to 100 is as legitimate as a 4xx. */
export const OUT_OF_RANGE_LIMITS: ReadonlyArray<{ value: string; aboveMax: boolean }> = [
  { value: '0', aboveMax: false },
  { value: '101', aboveMax: true },
  { value: '-1', aboveMax: false },
  { value: '1.5', aboveMax: false },
  { value: 'abc', aboveMax: false },
  { value: '', aboveMax: false },
];

/** Limits above the maximum that a target could wrongly honour (judged by their page size only). */
export const ABOVE_MAX_LIMITS = ['101', '1000'] as const;

/**
 * Cursors this service never issued. A tampered one keeps a real cursor and adds characters that
 * belong to no common cursor alphabet (so a plain offset cursor stays invalid too), after it and
 * before it (a decoder anchored at one end only passes the other); invented ones cover a plain word,
 * an overlong value and punctuation that naive decoders choke on.
 */
export function invalidCursors(realCursor: string | undefined): Array<{ label: string; value: string }> {
  const out: Array<{ label: string; value: string }> = [];
  if (realCursor !== undefined && realCursor.length > 0) {
    out.push({ label: 'a real cursor with "~!x" appended', value: `${realCursor}~!x` });
    out.push({ label: 'a real cursor with "~!" prepended', value: `~!${realCursor}` });
  }
  out.push(
    { label: 'an invented word', value: 'conformance-invented-cursor' },
    { label: 'an overlong value (2,000 characters)', value: `~${'Zz9'.repeat(666)}~` },
    { label: 'quotes and brackets', value: `"}{'<>%\\` },
  );
  return out;
}
