/**
 * The cursor style choice (cursor-style.ts), never mutated. Cursors in two legitimate styles: an opaque keyset cursor (stable while rows are added: it names
 * the last row seen, and the listing it was issued for) with an integrity tag so a tampered one is
 * refused, and a plain offset.
 */
import { createHmac } from 'node:crypto';
import type { Variation } from '../variations.js';
import { firstPast } from './seq-position.js';

const KEY = 'reference-cursor-key';

export type CursorPosition = { kind: 'after-seq'; seq: number } | { kind: 'offset'; offset: number };

export function encodeCursor(style: Variation['cursorStyle'], position: { lastSeq: number; nextOffset: number }, scope: string): string {
  if (style === 'offset') return String(position.nextOffset);
  return sign({ k: position.lastSeq, s: scope });
}

/** What a cursor this server issued says: the position, and for the opaque style the listing (scope) it was issued for. */
export function readCursor(style: Variation['cursorStyle'], cursor: string): { position: CursorPosition; scope?: string } | undefined {
  if (style === 'offset') {
    const match = /^(\d{1,9})$/.exec(cursor);
    return match ? { position: { kind: 'offset', offset: Number(match[1]) } } : undefined;
  }
  const [payload, given, extra] = cursor.split('.');
  if (!payload || !given || extra !== undefined || tag(payload) !== given) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k?: unknown; s?: unknown };
    if (typeof parsed.k !== 'number' || typeof parsed.s !== 'string') return undefined;
    return { position: { kind: 'after-seq', seq: parsed.k }, scope: parsed.s };
  } catch {
    return undefined;
  }
}

/** The position a cursor points to, or undefined when it is not one this server issued for this listing. */
export function decodeCursor(style: Variation['cursorStyle'], cursor: string, scope: string): CursorPosition | undefined {
  const read = readCursor(style, cursor);
  // An opaque cursor is refused in another listing than its own; an offset carries no listing.
  if (read === undefined || (read.scope !== undefined && read.scope !== scope)) return undefined;
  return read.position;
}

/**
 * The reservedCursorChars variation: every cursor starts with characters that are reserved in a query
 * string, so a client that does not percent-encode the cursor it sends back (RFC 3986 3.4) loses it.
 */
const RESERVED = 'a&b=c+d e/f?g#h%';

export function spellCursor(variation: Pick<Variation, 'reservedCursorChars'>, cursor: string): string {
  return variation.reservedCursorChars ? RESERVED + cursor : cursor;
}

/** The cursor as this server issued it, or undefined when a reserved-characters cursor came back mangled. */
export function unspellCursor(variation: Pick<Variation, 'reservedCursorChars'>, sent: string): string | undefined {
  if (!variation.reservedCursorChars) return sent;
  return sent.startsWith(RESERVED) ? sent.slice(RESERVED.length) : undefined;
}

function sign(value: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${tag(payload)}`;
}

function tag(payload: string): string {
  return createHmac('sha256', KEY).update(payload).digest('base64url').slice(0, 16);
}

/** Where a page after the cursor as sent starts in `ordered`, or undefined when it is not a cursor this server issued for this listing. */
export function resumeAt(
  variation: Pick<Variation, 'cursorStyle' | 'reservedCursorChars' | 'order'>,
  sent: string,
  scope: string,
  ordered: readonly { seq: number }[],
): number | undefined {
  const issued = unspellCursor(variation, sent);
  const position = issued === undefined ? undefined : decodeCursor(variation.cursorStyle, issued, scope);
  if (position === undefined) return undefined;
  return position.kind === 'offset' ? position.offset : firstPast(ordered, position.seq, variation.order);
}

/** The cursor of the page after one that ends with row `last` at index `end`, as the server spells it. */
export function nextCursor(
  variation: Pick<Variation, 'cursorStyle' | 'reservedCursorChars'>,
  last: { seq: number },
  end: number,
  scope: string,
): string {
  return spellCursor(variation, encodeCursor(variation.cursorStyle, { lastSeq: last.seq, nextOffset: end }, scope));
}
