/**
 * A walk that goes round: a cursor that, past the last page, points back to the start of the list
 * with a fresh value each time (so no cursor repeats) lists the same pages again forever. Seen when
 * the walk lists a whole lap again, page for page: pages L+1 to 2L hold the same ids, in the same
 * order, as pages 1 to L. Items added while the walk reads (another writer, an offset cursor
 * shifted) change some page of a second lap, so only a restart of an unchanged list matches.
 */
import { idOf } from './ids.js';

/** Laps of at most this many pages are recognised; a longer one ends at the walk's caps. */
export const LAP_PAGES = 50;
/**
 * Items a second lap must list again, at least, in at least two pages: a page like an earlier one may
 * be an offset cursor shifted back by exactly a page of items added before its place; a shift that
 * repeats this many items, page for page, needs a writer adding items exactly as fast as the walk reads.
 */
export const MIN_LAP_ITEMS = 10;

export class LapWatch {
  /** The ids of each of the first LAP_PAGES pages, as one string. */
  private readonly firstPages: string[] = [];
  /** Where the first page's ids were read again, while the pages after it match the first lap. */
  private restartedAt: number | undefined;
  /** Items listed again since then. */
  private itemsAgain = 0;

  /**
   * Reads page `index` (from 0); returns the lap's length in pages when the pages since the first
   * page came back repeat the first lap page for page, for a whole lap, at least two pages and
   * MIN_LAP_ITEMS items.
   */
  read(index: number, items: readonly unknown[]): number | undefined {
    const watching = index < LAP_PAGES || this.restartedAt !== undefined || (index <= LAP_PAGES && this.startsLikeFirstPage(items));
    if (!watching) return undefined;
    const ids = signatureOf(items);
    if (index < LAP_PAGES) this.firstPages.push(ids);
    if (this.restartedAt !== undefined) {
      const lap = this.restartedAt;
      const inLap = index - lap;
      if (ids !== this.firstPages[inLap % lap]) this.restartedAt = undefined;
      else {
        this.itemsAgain += items.length;
        if (inLap + 1 >= Math.max(lap, 2) && this.itemsAgain >= MIN_LAP_ITEMS) return lap;
      }
    }
    const again = index > 0 && index <= LAP_PAGES && ids !== '' && ids === this.firstPages[0];
    if (this.restartedAt === undefined && again) {
      this.restartedAt = index;
      this.itemsAgain = items.length;
    }
    return undefined;
  }

  private startsLikeFirstPage(items: readonly unknown[]): boolean {
    const first = this.firstPages[0];
    return first !== undefined && items.length > 0 && first.startsWith(`${String(idOf(items[0]))}\n`);
  }
}

/** A page's ids in order, each followed by a newline ('' for an empty page). */
const signatureOf = (items: readonly unknown[]): string => items.map((item) => `${String(idOf(item))}\n`).join('');
