/**
 * Cursors in two legitimate styles: an opaque keyset cursor (stable while rows are added: it names
 * the last row seen) with an integrity tag so a tampered one is refused, and a plain offset.
 * Cursors also carry a lap number, which stays 0 except under the cursor-never-ends fault: there the
 * end of the list points back to its start with lap + 1, so every cursor of the endless walk is new.
 */
import { createHmac } from 'node:crypto';
import type { Variation } from './variations.js';

const KEY = 'reference-cursor-key';

export type CursorPosition = ({ kind: 'after-seq'; seq: number } | { kind: 'offset'; offset: number } | { kind: 'restart' }) & { lap: number };

export function encodeCursor(style: Variation['cursorStyle'], position: { lastSeq: number; nextOffset: number; lap?: number }, scope: string): string {
  const lap = position.lap ?? 0;
  if (style === 'offset') return lap > 0 ? `${position.nextOffset}L${lap}` : String(position.nextOffset);
  return sign(lap > 0 ? { k: position.lastSeq, s: scope, l: lap } : { k: position.lastSeq, s: scope });
}

/** A cursor back to the start of the list for the given lap (only the cursor-never-ends fault makes one). */
export function encodeRestartCursor(style: Variation['cursorStyle'], lap: number, scope: string): string {
  if (style === 'offset') return `0L${lap}`;
  return sign({ r: lap, s: scope });
}

/** The position a cursor points to, or undefined when it is not one this server issued for this scope. */
export function decodeCursor(style: Variation['cursorStyle'], cursor: string, scope: string): CursorPosition | undefined {
  if (style === 'offset') {
    const match = /^(\d{1,9})(?:L(\d{1,9}))?$/.exec(cursor);
    return match ? { kind: 'offset', offset: Number(match[1]), lap: Number(match[2] ?? 0) } : undefined;
  }
  const [payload, given, extra] = cursor.split('.');
  if (!payload || !given || extra !== undefined || tag(payload) !== given) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k?: unknown; r?: unknown; s?: unknown; l?: unknown };
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: equivalent for the keyset cursor: it names a position, and a position used in another caller's or filter's list still lists only that list's own items (the offset style has no scope at all).
    if (parsed.s !== scope) return undefined;
    if (typeof parsed.r === 'number') return { kind: 'restart', lap: parsed.r };
    if (typeof parsed.k !== 'number') return undefined;
    return { kind: 'after-seq', seq: parsed.k, lap: typeof parsed.l === 'number' ? parsed.l : 0 };
  } catch {
    return undefined;
  }
}

/**
 * The scope an opaque cursor was issued for (which caller's list, with which filters), or undefined.
 * Only the faults that trust the cursor over the request read it (faults/lists.ts, faults/auth.ts).
 */
export function scopeOfCursor(cursor: string): string | undefined {
  const [payload, given] = cursor.split('.');
  if (!payload || !given || tag(payload) !== given) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s?: unknown };
    return typeof parsed.s === 'string' ? parsed.s : undefined;
  } catch {
    return undefined;
  }
}

function sign(value: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${tag(payload)}`;
}

function tag(payload: string): string {
  return createHmac('sha256', KEY).update(payload).digest('base64url').slice(0, 16);
}
