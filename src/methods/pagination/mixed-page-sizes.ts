/**
 * Page sizes drawn anew for every page of a walk, 1 to 100, from the run's seed: the same seed walks
 * with the same sizes (a failure replays), another seed with others. A server whose cursor is a page
 * number (multiplied by whatever limit comes next) or carries its own page size only shows it to a
 * walk whose limit changes between pages; every other walk keeps one limit from first page to last.
 */
import { seededRandom } from '../../core/domain/seeded-random.js';
import { MAX_PAGE_SIZE } from './walker.js';

/** The size of each page (0 for the first), 1 to 100, the same for the same seed and page whatever is asked first. */
export function mixedPageSizes(seed: number): (page: number) => number {
  const next = seededRandom(seed ^ 0x5eed_1e55);
  const drawn: number[] = [];
  return (page) => {
    while (drawn.length <= page) drawn.push(1 + Math.floor(next() * MAX_PAGE_SIZE));
    return drawn[page] as number;
  };
}

/** The mean page size of such a walk: a page cap planned for it holds the list at this size with room to spare. */
export const MIXED_MEAN_PAGE_SIZE = (1 + MAX_PAGE_SIZE) / 2;
