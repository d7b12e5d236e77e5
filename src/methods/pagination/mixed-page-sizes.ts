/**
 * Page sizes drawn anew for every page of a walk, 1 to 100, from the run's seed: the same seed walks
 * with the same sizes (a failure replays), another seed with others. A server whose cursor is a page
 * number (multiplied by whatever limit comes next) or carries its own page size only shows it to a
 * walk whose limit changes between pages; every other walk keeps one limit from first page to last.
 */
import { seededRandom } from '../../core/domain/seeded-random.js';
import { MAX_PAGE_SIZE } from './walker.js';

/**
 * The size of each page (0 for the first), 1 to `most` (100 unless given), the same for the same seed
 * and page whatever is asked first.
 */
export function mixedPageSizes(seed: number, most: number = MAX_PAGE_SIZE): (page: number) => number {
  const next = seededRandom(seed ^ 0x5eed_1e55);
  const drawn: number[] = [];
  return (page) => {
    while (drawn.length <= page) drawn.push(1 + Math.floor(next() * most));
    return drawn[page] as number;
  };
}

/**
 * The largest page size drawn for a list of `total` items: a quarter of it (at least 2, at most 100),
 * so a short list is still walked in several pages of changing size (a draw of 92 on a list of 45
 * would read it in one page and prove nothing of the cursor).
 */
export const mixedMostFor = (total: number): number => Math.max(2, Math.min(MAX_PAGE_SIZE, Math.ceil(total / 4)));

/** The mean page size of such a walk over `total` items: a page cap planned for it holds the list at this size with room to spare. */
export const mixedMeanPageFor = (total: number): number => (1 + mixedMostFor(total)) / 2;
