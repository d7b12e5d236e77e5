/**
 * Page sizes drawn anew for every page of a walk, 1 to 100, from the run's seed: the same seed walks
 * with the same sizes (a failure replays), another seed with others. A server whose cursor is a page
 * number (multiplied by whatever limit comes next) or carries its own page size only shows it to a
 * walk whose limit changes between pages; every other walk keeps one limit from first page to last.
 */
import { MAX_PAGE_SIZE } from './walker.js';

/** mulberry32: a small seeded generator; the sizes need to be reproducible, not unpredictable. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The size of each page (0 for the first), 1 to 100, the same for the same seed and page whatever is asked first. */
export function mixedPageSizes(seed: number): (page: number) => number {
  const next = generator(seed ^ 0x5eed_1e55);
  const drawn: number[] = [];
  return (page) => {
    while (drawn.length <= page) drawn.push(1 + Math.floor(next() * MAX_PAGE_SIZE));
    return drawn[page] as number;
  };
}

/** The mean page size of such a walk: a page cap planned for it holds the list at this size with room to spare. */
export const MIXED_MEAN_PAGE_SIZE = (1 + MAX_PAGE_SIZE) / 2;
