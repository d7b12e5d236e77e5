/** What the list faults' modifiers share: the first-page cache, the last item of a list, the lap of an endless walk. */
import type { Answer, ListBody, PagedListScene, ServerView } from '../hooks.js';

/** The wire item of the list's last record, on whichever page it is; undefined when this page does not hold it. */
export function lastOfList(body: ListBody, ordered: readonly { id: string }[]): Record<string, unknown> | undefined {
  const last = ordered[ordered.length - 1];
  return last === undefined ? undefined : body.data?.find((item) => item.id === last.id);
}

const firstPages = new WeakMap<ServerView, Map<string, Answer>>();

/** The first-page cache of a running server, under keys the fault chooses. */
export function firstPageCache(state: ServerView): Map<string, Answer> {
  let cache = firstPages.get(state);
  if (cache === undefined) firstPages.set(state, (cache = new Map()));
  return cache;
}

/** A cache key without the user_id: the first page of a user_id-filtered listing, keyed by caller, limit and status only. */
export function keyWithoutUserId(scene: PagedListScene): string | undefined {
  const { query } = scene;
  return query.userId !== null && query.cursor === undefined ? `${query.caller.name}:${scene.limit}:${query.status ?? ''}` : undefined;
}

/** A cursor of the endless walk: the service's own cursor (or the start) and the lap of the walk it was issued in. */
const LAPPED = /^(.*)~lap(\d{1,9})$/;

export function unlap(cursor: string | undefined): { cursor: string | undefined; lap: number } {
  const match = cursor === undefined ? null : LAPPED.exec(cursor);
  if (!match) return { cursor, lap: 0 };
  return { cursor: match[1] === 'start' ? undefined : match[1], lap: Number(match[2]) };
}

/** Instead of null at the end, a fresh cursor back to the start, one lap on; every cursor of a later lap carries its lap. */
export function lapped(next: string | null | undefined, lap: number): string {
  if (next === null || next === undefined) return `start~lap${lap + 1}`;
  return lap > 0 ? `${next}~lap${lap}` : next;
}
