/**
 * What the faults' modifiers share: the small pieces a defect is made of (a caller found where the
 * guard should refuse, a refused write kept, a cursor's scope read back). Only the catalog uses them.
 */
import { bearerToken } from '../bearer.js';
import { readCursor } from '../choices/cursor.js';
import type { Answer, AuthScene, ServerView } from '../hooks.js';
import { readBody } from '../http-util.js';
import type { BankRecord, Caller, OperationName } from '../model.js';
import { newBankRecord, type BankFields } from '../store.js';

/** A caller found by a token compared otherwise than exactly, from a Bearer header; none without one. */
export function callerByNearToken(scene: AuthScene, same: (callerToken: string, sent: string) => boolean): Caller | undefined {
  const sent = bearerToken(scene.header);
  return sent === undefined ? undefined : scene.state.callers.find((c) => same(c.token, sent));
}

/** The caller of the last word of the header, whatever scheme (or none) comes before it. */
export function callerOfLastWord(scene: AuthScene): Caller | undefined {
  const word = scene.header?.trim().split(/\s+/).pop();
  return word === undefined ? undefined : scene.state.callerByToken(word);
}

/** Modifiers of auth.caller that bend one operation only. */
export function onOperation(
  operation: OperationName,
  fallback: (scene: AuthScene) => Caller | undefined,
): (found: Caller | undefined, scene: AuthScene) => Caller | undefined {
  return (found, scene) => found ?? (scene.operation === operation ? fallback(scene) : undefined);
}

/** The first caller, for whoever sent a Bearer header at all (a token never looked up). */
export const firstCallerForAnyBearer = (scene: AuthScene): Caller | undefined =>
  bearerToken(scene.header) === undefined ? undefined : scene.state.callers[0];

export function everyonesBanks(state: ServerView): BankRecord[] {
  return state.callers.flatMap((c) => c.banks).sort((x, y) => x.seq - y.seq);
}

export function ownerOfUser(state: ServerView, userId: unknown): Caller | undefined {
  return state.callers.find((c) => c.users.some((u) => u.id === userId));
}

/** The body's string members a store would copy into a row. */
export function stringFields(input: Record<string, unknown>): BankFields {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => typeof v === 'string')) as BankFields;
}

/** Stores a bank of the body's fields under whichever caller owns its user_id (a write that should have been refused). */
export function keepWrite(state: ServerView, into: Caller, input: Record<string, unknown>): void {
  if (typeof input.user_id === 'string') into.banks.push(newBankRecord(state, input.user_id, stringFields(input)));
}

/** Reads a refused POST's body and keeps its bank with the owner of its user_id. */
export async function keepRefusedBody(scene: AuthScene): Promise<void> {
  const parsed: unknown = JSON.parse(await readBody(scene.req, scene.state.variation));
  // A body that is no object (JSON null, an array) describes no bank to keep.
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return;
  const input = parsed as Record<string, unknown>;
  const owner = ownerOfUser(scene.state, input.user_id);
  if (owner) keepWrite(scene.state, owner, input);
}

/** The listing an opaque cursor was issued for: the caller's name and the filters asked. */
export function cursorScope(
  state: ServerView,
  cursor: string | undefined,
): { caller: string; userId: string | null; status: string | null } | undefined {
  const parts = cursor === undefined ? undefined : readCursor(state.variation.cursorStyle, cursor)?.scope?.split(':');
  if (parts?.length !== 4) return undefined;
  const [caller, , userId, status] = parts as [string, string, string, string];
  return { caller, userId: userId === '' ? null : userId, status: status === '' ? null : status };
}

export function withoutHeader(answer: Answer, name: string): Answer {
  const headers = { ...answer.headers };
  delete headers[name];
  return { ...answer, headers };
}

export const withStatus =
  (status: number) =>
  <A extends Answer>(answer: A): A => ({ ...answer, status });

/** A route.alias modifier: the router folds the path so, while the guard matched it as sent. */
export function foldedRoute(
  fold: (path: string) => string,
): (
  alias: { method: string; path: string } | undefined,
  request: { method: string; path: string },
) => { method: string; path: string } | undefined {
  return (alias, { method, path }) => {
    const folded = fold(path);
    return alias ?? (folded !== path ? { method, path: folded } : undefined);
  };
}
