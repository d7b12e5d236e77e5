/**
 * Cursors in two legitimate styles: an opaque keyset cursor (stable while rows are added: it names
 * the last row seen) with an integrity tag so a tampered one is refused, and a plain offset.
 * Cursors also carry a lap number, which stays 0 except under the cursor-never-ends fault: there the
 * end of the list points back to its start with lap + 1, so every cursor of the endless walk is new.
 */
import { createHmac } from 'node:crypto';
import type { Variation } from './variations.js';

// Stryker disable next-line StringLiteral: equivalent: any key signs and checks alike.
const KEY = 'reference-cursor-key';

export type CursorPosition = ({ kind: 'after-seq'; seq: number } | { kind: 'offset'; offset: number } | { kind: 'restart' }) & { lap: number };

export function encodeCursor(style: Variation['cursorStyle'], position: { lastSeq: number; nextOffset: number; lap?: number }, scope: string): string {
  // Stryker disable next-line all: fault-only: the lap is above 0 only on the endless walk of the cursor-never-ends fault, off in every run that judges a mutant.
  const lap = position.lap ?? 0;
  if (style === 'offset') {
    // Stryker disable next-line all: fault-only: the lap (see above).
    return lap > 0 ? `${position.nextOffset}L${lap}` : String(position.nextOffset);
  }
  // Stryker disable next-line all: fault-only: the lap (see above).
  const lapped = lap > 0 ? { l: lap } : {};
  return sign({ k: position.lastSeq, s: scope, ...lapped });
}

// Stryker disable all: fault-only: called only under the cursor-never-ends fault, off in every run that judges a mutant.
/** A cursor back to the start of the list for the given lap (only the cursor-never-ends fault makes one). */
export function encodeRestartCursor(style: Variation['cursorStyle'], lap: number, scope: string): string {
  if (style === 'offset') return `0L${lap}`;
  return sign({ r: lap, s: scope });
}
// Stryker restore all

/** The position a cursor points to, or undefined when it is not one this server issued for this scope. */
export function decodeCursor(style: Variation['cursorStyle'], cursor: string, scope: string): CursorPosition | undefined {
  if (style === 'offset') {
    const match = /^(\d{1,9})(?:L(\d{1,9}))?$/.exec(cursor);
    if (!match) return undefined;
    // Stryker disable next-line all: fault-only: the lap is above 0 only on the endless walk of the cursor-never-ends fault, off in every run that judges a mutant.
    const lap = Number(match[2] ?? 0);
    return { kind: 'offset', offset: Number(match[1]), lap };
  }
  const [payload, given, extra] = cursor.split('.');
  if (!payload || !given || extra !== undefined || tag(payload) !== given) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k?: unknown; r?: unknown; s?: unknown; l?: unknown };
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: equivalent for the keyset cursor: it names a position, and a position used in another caller's or filter's list still lists only that list's own items (the offset style has no scope at all).
    if (parsed.s !== scope) return undefined;
    // Stryker disable next-line StringLiteral,ObjectLiteral: fault-only: only the cursor-never-ends fault issues a restart cursor (r), off in every run that judges a mutant.
    if (typeof parsed.r === 'number') return { kind: 'restart', lap: parsed.r };
    if (typeof parsed.k !== 'number') return undefined;
    // Stryker disable next-line all: fault-only: the lap (l) is present only on the endless walk of the cursor-never-ends fault.
    const lap = typeof parsed.l === 'number' ? parsed.l : 0;
    return { kind: 'after-seq', seq: parsed.k, lap };
  } catch {
    return undefined;
  }
}

// Stryker disable all: fault-only: read only by the cursor-trusted-owner and cursor-trusted-filter faults, off in every run that judges a mutant.
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
// Stryker restore all

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
  // Stryker disable next-line MethodExpression: equivalent: a longer tag signs and checks alike.
  return createHmac('sha256', KEY).update(payload).digest('base64url').slice(0, 16);
}
