/**
 * How large each list the run walked was (issue 55, growth in sight): a list that gathers every
 * run's writes (the API has no DELETE) makes each run that walks it slower, until its walks reach
 * their caps and the proofs made on it are bounded. Kept per list (caller, path, filters) from
 * every walk, whether or not the model of list views keeps the walk's items.
 */

/** What a walk tells of the list's size (a list view's walk, list-views.ts, is one). */
export interface SizedWalk {
  caller: 'a' | 'b';
  path: string;
  filters: { user_id?: string; status?: string };
  complete: boolean;
  pages: readonly { sentAt: number; answeredAt: number; items: readonly unknown[] }[];
}

/**
 * Items a walk reads with the walker's default page cap; a listing of a list longer than this waits
 * for the run's writes to pause, and every walk of it is sized apart: from here a run slows with it.
 */
export const WALK_ITEM_BUDGET = 2_000;
/** Items an absence proof reads of a list at most: past this, the proofs made on it are bounded. */
export const PROOF_ITEM_BUDGET = 100_000;

export interface ListSize {
  /** The caller that read it ('a' or 'b'). */
  caller: 'a' | 'b';
  path: string;
  /** The filters it was read with (user_id, status), none for the caller's whole list. */
  filters: Record<string, string>;
  /** The most items one walk of it read. */
  items: number;
  /** Whether a walk read it to its end (next_cursor null): only then is `items` its size. */
  complete: boolean;
  /** Walks of it in the run. */
  walks: number;
  /** Milliseconds a page of its longest walk took, sent to answered over the walk (side by side with others). */
  msPerPage?: number;
}

export const listKeyOf = (list: Pick<ListSize, 'caller' | 'path' | 'filters'>): string =>
  `${list.caller} ${list.path}?${Object.entries(list.filters)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;

export class ListSizes {
  private readonly byList = new Map<string, ListSize>();

  add(walk: SizedWalk): void {
    const items = walk.pages.reduce((n, p) => n + p.items.length, 0);
    const filters: Record<string, string> = {};
    for (const [name, value] of Object.entries(walk.filters)) if (value !== undefined) filters[name] = value;
    const key = listKeyOf({ caller: walk.caller, path: walk.path, filters });
    const first = walk.pages[0];
    const last = walk.pages.at(-1);
    const msPerPage = first && last && walk.pages.length > 1 ? (last.answeredAt - first.sentAt) / walk.pages.length : undefined;
    const known = this.byList.get(key);
    if (known === undefined) {
      this.byList.set(key, {
        caller: walk.caller,
        path: walk.path,
        filters,
        items,
        complete: walk.complete,
        walks: 1,
        ...(msPerPage !== undefined ? { msPerPage: Math.round(msPerPage * 10) / 10 } : {}),
      });
      return;
    }
    known.walks += 1;
    known.complete ||= walk.complete;
    if (items >= known.items) {
      known.items = items;
      if (msPerPage !== undefined) known.msPerPage = Math.round(msPerPage * 10) / 10;
    }
  }

  /** Every list walked, largest first. */
  all(): ListSize[] {
    return [...this.byList.values()].sort((a, b) => b.items - a.items || (listKeyOf(a) < listKeyOf(b) ? -1 : 1));
  }
}
