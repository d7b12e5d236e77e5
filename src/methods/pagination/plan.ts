/**
 * How the suite walks GET /user_banks: which page sizes, how many pages a walk may take, how many
 * items the checks need. Numbers that decide request counts live here, in one place.
 */
import { MAX_PAGE_SIZE } from './walker.js';

export const USER_BANKS = '/user_banks';
export const RFP_REGISTRATIONS = '/rfp_registrations';

/** Items needed to tell a default page size of 100 from a larger one (and to see a 101st item refused). */
export const ITEMS_FOR_DEFAULT = MAX_PAGE_SIZE + 1;
/** Items needed for a walk to cross at least one page boundary at the smallest page sizes. */
export const ITEMS_FOR_TRAVERSAL = 2;
/** The page sizes the traversal checks compare with a walk at 100. */
export const SMALL_LIMITS = [1, 2, 7] as const;
/** The most pages one small-limit walk may take: on a big list the page size grows to stay under it. */
export const PAGES_PER_SMALL_WALK = 200;
/**
 * Pages of the reference walk at limit=100 before anything is known about the list (100,000 items,
 * bounded in time as well by the walk's time cap). A caller on a staging system can hold tens of
 * thousands of User Banks; the walker keeps 100,000 in about 160 MB (npm run bench, traversal100k).
 */
export const REFERENCE_WALK_PAGES = 1_002;
/**
 * The fewest items of a User's list the run can place its writes in, once the caller's whole list is
 * too large for the run's budget: a proof that looks for the run's writes (or their absence) on a User
 * the run writes to reads what PLACED_READ_MS of pages cover, never less than this
 * (list-data.ts placedItemBudget), and only the first page of a User known to hold more.
 */
export const PLACED_ITEM_BUDGET = 10_000;
/**
 * Reading time a proof of the run's own writes may spend on such a User's list (list-data.ts
 * placedItemBudget): a fast target reads its whole list of 100,000 in it, a remote one a part that
 * stays bounded however many runs wrote there.
 */
export const PLACED_READ_MS = 5_000;
/**
 * Pages of the caller's whole list read before the run decides where its pagination proofs are made:
 * a list that does not end within them (11,000 items) is too large for the run's budget, so the
 * comparisons are made on a User's list the run never writes to (list-data.ts), and the whole list
 * stays read this far. A tenth more than PLACED_ITEM_BUDGET, so a User holding more than a run can
 * place shows as such in the part read.
 */
export const WHOLE_LIST_PAGES = Math.ceil((PLACED_ITEM_BUDGET * 1.1) / 100);

/**
 * The small page sizes to walk a list of `total` items with, each walk staying under `maxPages`
 * (PAGES_PER_SMALL_WALK, fewer on a slow target: see pagesWithin).
 */
export function smallLimitsFor(total: number, maxPages: number = PAGES_PER_SMALL_WALK): number[] {
  const floor = Math.ceil(total / Math.max(1, maxPages));
  const limits = SMALL_LIMITS.map((k) => Math.max(k, floor)).filter((k) => k < MAX_PAGE_SIZE);
  return [...new Set(limits)];
}

/**
 * The page cap of a walk over at most `total` items with page size `limit`: every page full, plus one
 * legitimate empty last page, plus slack. A cursor that never ends stops here.
 */
export function pageCapFor(total: number, limit: number | undefined): number {
  const size = Math.min(MAX_PAGE_SIZE, Math.max(1, limit ?? MAX_PAGE_SIZE));
  // A tenth more for other writers: on a shared staging the list may grow while a small-limit walk reads it.
  return Math.ceil((total * 1.1) / size) + 3;
}

/**
 * A page size that gives a filtered list of `count` items a few pages (at most 7 items each), grown
 * on a big list so the walk stays under `maxPages` (16,000 matches at 7 a page took 2,300 pages).
 */
export function filterLimitFor(count: number, maxPages: number = PAGES_PER_SMALL_WALK): number {
  const few = Math.min(7, Math.max(1, Math.ceil(count / 4)));
  return Math.min(MAX_PAGE_SIZE, Math.max(few, Math.ceil(count / Math.max(1, maxPages))));
}

/**
 * Pages a walk can take within `budgetMs` when a page took `msPerPage` (measured on the walk at
 * limit=100), at most PAGES_PER_SMALL_WALK and at least 10: a slow target gets larger small limits
 * instead of walks that run into their time cap.
 */
export function pagesWithin(budgetMs: number, msPerPage: number): number {
  if (!(msPerPage > 0)) return PAGES_PER_SMALL_WALK;
  return Math.max(10, Math.min(PAGES_PER_SMALL_WALK, Math.floor(budgetMs / msPerPage)));
}

/**
 * The time a small-limit walk may take: SMALL_WALK_MS, or twice the reference walk's time when the
 * list itself is long, never more than `checkBudgetMs` (the share of a check's bound a walk may take).
 * On a remote target a small list's walk at limit=1 is a chain of one round trip per item, and the
 * reads phase (which no write may enter) waited for it: 105 round trips, 5 s at 50 ms. Measured
 * against the target's own pace (pagesWithin), a slow target gets larger small limits that still
 * cross a page boundary at every few items (4 on 105 items 50 ms away); a long list keeps the pages
 * its own walk needed. The smallest walk is the end of the reads phase on such a target.
 */
export const SMALL_WALK_MS = 1_500;

export function smallWalkBudgetMs(checkBudgetMs: number, referenceWalkMs: number): number {
  return Math.min(checkBudgetMs, Math.max(SMALL_WALK_MS, 2 * referenceWalkMs));
}

/**
 * Walks of the same list read side by side in a run (the two at limit=100, the filters, the proofs):
 * a walk gets this many times the time its pages took alone before its time cap binds.
 */
export const SIDE_BY_SIDE = 4;
/** A walk's time cap never takes more of its check's time bound than this: the check still judges what it read. */
export const MAX_WALK_SHARE = 0.8;
/** The walker's default share of a check's time bound (its time cap when nothing is known of the target). */
export const DEFAULT_WALK_SHARE = 0.4;

/**
 * The time cap of a walk of `pages` pages on a target that answered a page in `msPerPage` when
 * walked alone (the reference walk at limit=100): the time the pages take with room for the walks
 * beside it, at least the walker's default, at most MAX_WALK_SHARE of the check's bound. A fixed
 * cap let a 100,000-item list meet it at 700 of its 1,002 pages while the check had time to spare.
 */
export function walkTimeCap(checkTimeoutMs: number, pages: number, msPerPage: number): number {
  const fallback = Math.max(1_000, Math.floor(checkTimeoutMs * DEFAULT_WALK_SHARE));
  if (!(msPerPage > 0) || !(pages > 0)) return fallback;
  return Math.min(Math.floor(checkTimeoutMs * MAX_WALK_SHARE), Math.max(fallback, Math.ceil(pages * msPerPage * SIDE_BY_SIDE)));
}
