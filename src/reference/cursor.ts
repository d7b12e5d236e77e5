/**
 * Cursors in two legitimate styles: an opaque keyset cursor (stable while rows are added: it names
 * the last row seen) with an integrity tag so a tampered one is refused, and a plain offset.
 */
import { createHmac } from 'node:crypto';
import type { Variation } from './variations.js';

const KEY = 'reference-cursor-key';

export type CursorPosition = { kind: 'after-seq'; seq: number } | { kind: 'offset'; offset: number };

export function encodeCursor(style: Variation['cursorStyle'], position: { lastSeq: number; nextOffset: number }, scope: string): string {
  if (style === 'offset') return String(position.nextOffset);
  const payload = Buffer.from(JSON.stringify({ k: position.lastSeq, s: scope })).toString('base64url');
  return `${payload}.${tag(payload)}`;
}

/** The position a cursor points to, or undefined when it is not one this server issued for this scope. */
export function decodeCursor(style: Variation['cursorStyle'], cursor: string, scope: string): CursorPosition | undefined {
  if (style === 'offset') return /^\d{1,9}$/.test(cursor) ? { kind: 'offset', offset: Number(cursor) } : undefined;
  const [payload, given] = cursor.split('.');
  if (!payload || !given || tag(payload) !== given) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k?: unknown; s?: unknown };
    if (typeof parsed.k !== 'number' || parsed.s !== scope) return undefined;
    return { kind: 'after-seq', seq: parsed.k };
  } catch {
    return undefined;
  }
}

function tag(payload: string): string {
  return createHmac('sha256', KEY).update(payload).digest('base64url').slice(0, 16);
}
