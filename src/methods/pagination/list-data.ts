/**
 * The User Banks the pagination checks walk: counted by a walk at limit=100 and, when there are
 * fewer than the checks need, topped up by creating User Banks for the configured user (each created
 * id lands in results.json created[]): on top of the default write budget, or within an explicit
 * --max-writes. Computed once, by the first check that asks (a sequential check, so no walk runs
 * while the suite writes).
 *
 * Which list: the caller's whole list when it ends within WHOLE_LIST_PAGES; past that it is too large
 * for the run's budget (it gathers every earlier run's writes), so the comparisons are made on the
 * list of a quiet User (quiet-user.ts), which stays the size it was, and the whole list stays read as
 * far as the budget allowed. Without a quiet User the whole list is read as far as a walk may go.
 */
import { isSuccess } from '../../http/exchange.js';
import { exampleCreateBody } from '../../harness/example-body.js';
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { idsOf } from './ids.js';
import { PROOF_ITEM_BUDGET } from '../../core/model/list-sizes.js';
import {
  ITEMS_FOR_DEFAULT,
  PLACED_ITEM_BUDGET,
  PLACED_READ_MS,
  REFERENCE_WALK_PAGES,
  USER_BANKS,
  WHOLE_LIST_PAGES,
  pagesWithin,
  smallWalkBudgetMs,
  walkTimeCap,
} from './plan.js';
import { quietUserOf } from './quiet-user.js';
import type { WalkResult } from './walker.js';
import { walkWhole, type ListOf } from './whole-walks.js';

export interface ListData {
  /** The list every comparison is made on: the caller's whole list, or a quiet User's (GET /user_banks?user_id=...). */
  list: ListOf & { query?: Record<string, string> };
  /** The list in words, for messages: which one and, for a User's, why and how far the whole list was read. */
  onList: string;
  /** When the comparisons are made on a quiet User's list: the caller's whole list as far as it was read (not to its end). */
  whole?: WalkResult;
  /** The walk at limit=100 of `list` every comparison is made against (after any top-up). */
  reference: WalkResult;
  /** Distinct ids listed; undefined when the reference walk did not end (nothing can be compared). */
  total: number | undefined;
  /** User Banks the suite created to reach ITEMS_FOR_DEFAULT. */
  created: number;
  /** Why the list was not topped up, when it holds fewer than ITEMS_FOR_DEFAULT. */
  shortfall?: string;
  /** Pages a small-limit walk may take on this target (fewer on a slow one), see pagesWithin. */
  smallWalkPages: number;
}

/** Per run: the list data once loaded, which check loaded it, and the reference walk's milliseconds a page (the target's rate, walked alone), which the other walks' time caps derive from. */
const loadedOf = perRun((): { data?: Promise<ListData>; loader?: Probe; msPerPage?: number } => ({}));

/** The list data; a check other than the one that loaded it gets the reference walk's evidence attached. */
export async function listData(t: Probe): Promise<ListData> {
  const loaded = loadedOf(t.run.client);
  if (!loaded.data) {
    loaded.loader = t;
    loaded.data = load(t);
  }
  const result = await loaded.data;
  if (t !== loaded.loader) for (const exchange of result.reference.evidence ?? []) t.attach(exchange);
  return result;
}

/** The list the comparisons are made on, for a check that already has the list data (nothing attached again). */
export async function pagedList(t: Probe): Promise<ListData['list']> {
  return (await (loadedOf(t.run.client).data ?? listData(t))).list;
}

/** The list's size; ends the check (inconclusive or skip, saying why) when there is too little to judge. */
export async function totalAtLeast(t: Probe, min: number): Promise<{ data: ListData; total: number }> {
  const data = await listData(t);
  if (data.total === undefined) {
    return t.inconclusive(
      `the walk of ${data.onList} at limit=100 did not end normally (${data.reference.detail ?? data.reference.end}), so there is no list to compare with; pagination.traversal.ends and pagination.envelope.every-page report why`,
    );
  }
  if (data.total < min) {
    return t.skip(
      `needs at least ${min} User Banks on ${data.onList}, it holds ${data.total}${data.shortfall ? `: ${data.shortfall}` : ''}`,
    );
  }
  return { data, total: data.total };
}

/** Per run: the caller's whole list read to WHOLE_LIST_PAGES, and the quiet User chosen from it when it did not end there. */
const choiceOf = perRun((): { choice?: Promise<{ whole: WalkResult; quiet?: string; ms: number }> } => ({}));

function wholeListChoice(t: Probe): Promise<{ whole: WalkResult; quiet?: string; ms: number }> {
  const holder = choiceOf(t.run.client);
  holder.choice ??= (async () => {
    const started = performance.now();
    const whole = await walkWhole(t, { path: USER_BANKS, limit: 100, maxPages: WHOLE_LIST_PAGES });
    const quiet = whole.end === 'page-cap' ? quietUserOf(t, whole) : undefined;
    return { whole, ms: performance.now() - started, ...(quiet !== undefined ? { quiet } : {}) };
  })();
  return holder.choice;
}

/**
 * The quiet User the run's proofs move to when the caller's whole list is too large for the run's
 * budget (the same the pagination checks walk); undefined when the whole list ended within it, or no
 * User the run never writes to was seen.
 */
export async function quietUser(t: Probe): Promise<string | undefined> {
  return (await wholeListChoice(t)).quiet;
}

/**
 * Items a proof of the run's own writes may read of a User the run writes to, once the caller's whole
 * list is too large for the run's budget: what PLACED_READ_MS of reading covers at the page time the
 * whole list was read at (a local target reads 100,000 in that time, one 30 ms away about 15,000),
 * never fewer than PLACED_ITEM_BUDGET nor more than PROOF_ITEM_BUDGET.
 */
export async function placedItemBudget(t: Probe): Promise<number> {
  const { whole, ms } = await wholeListChoice(t);
  const msPerPage = ms / Math.max(1, whole.pages.length);
  const pages = msPerPage > 0 ? Math.floor(PLACED_READ_MS / msPerPage) : 0;
  return Math.min(PROOF_ITEM_BUDGET, Math.max(PLACED_ITEM_BUDGET, pages * 100));
}

/** Whether the caller's whole list did not end within the run's budget for it (WHOLE_LIST_PAGES). */
export async function wholeListTooLarge(t: Probe): Promise<boolean> {
  return (await wholeListChoice(t)).whole.end === 'page-cap';
}

async function load(t: Probe): Promise<ListData> {
  const { whole, quiet, ms } = await wholeListChoice(t);
  const wholeStarted = performance.now() - ms;
  const started = performance.now();
  // With no quiet User, the User the run writes to: the comparisons walk it in the reads phase,
  // before the run's first write, and several --user-id put the writes on the smallest.
  const on = quiet ?? (whole.end === 'page-cap' ? t.settings.userIdA : undefined);
  const first =
    on === undefined
      ? whole
      : await walkWhole(t, {
          path: USER_BANKS,
          query: { user_id: on },
          limit: 100,
          maxPages: REFERENCE_WALK_PAGES,
        });
  const walkMs = performance.now() - (whole === first ? wholeStarted : started);
  const msPerPage = (performance.now() - wholeStarted) / Math.max(1, first.pages.length + (whole === first ? 0 : whole.pages.length));
  loadedOf(t.run.client).msPerPage = msPerPage;
  // At most a third of a check's time bound per small walk: the checks that wait for several walks run them side by side.
  const pages = pagesWithin(smallWalkBudgetMs(t.settings.checkTimeoutMs / 3, walkMs), msPerPage);
  if (on !== undefined) {
    // A User's list is not topped up here: the page-size checks that need more than 100 items read the whole list's pages.
    const list = { path: USER_BANKS, query: { user_id: on } };
    const why = on === quiet ? 'which the run never writes to' : 'the User the run writes to';
    const onList = `User ${on}'s list (GET /user_banks?user_id=${on}, ${why}): the caller's whole list did not end within ${whole.pages.length} pages (${whole.items.length} User Banks read)`;
    return { ...settled(pages)(first, 0), list, onList, whole };
  }
  const settle = settled(pages);
  if (first.end !== 'complete') return settle(first, 0);
  const have = new Set(idsOf(first.items)).size;
  const need = ITEMS_FOR_DEFAULT - have;
  if (need <= 0) return settle(first, 0);
  // The checks' own writes keep the default budget; the paging data is the once-only cost of an empty User.
  if (t.settings.pagingDataOnTop && !t.settings.readOnly) t.run.client.budget.extend(need);
  const why = cannotCreate(t, need, have);
  if (why) return settle(first, 0, why);
  let created = 0;
  for (let i = 0; i < need; i += 1) {
    const exchange = await t.request({
      method: 'POST',
      path: USER_BANKS,
      json: exampleCreateBody(t.settings.userIdA, t.settings.seed + 7_919 * (i + 1)),
    });
    if (!isSuccess(exchange)) {
      return settle(
        await walkWhole(t, { path: USER_BANKS, limit: 100, maxPages: REFERENCE_WALK_PAGES }),
        created,
        `creating User Bank ${i + 1} of ${need} was answered ${exchange.status}, so the list holds fewer than ${ITEMS_FOR_DEFAULT}`,
      );
    }
    created += 1;
  }
  return settle(await walkWhole(t, { path: USER_BANKS, limit: 100, maxPages: REFERENCE_WALK_PAGES }), created);
}

function cannotCreate(t: Probe, need: number, have: number): string | undefined {
  const base = `the list holds ${have} User Banks and ${ITEMS_FOR_DEFAULT} are needed`;
  if (t.settings.readOnly)
    return `${base}; run without --read-only (with --max-writes of at least ${need}) to let the suite create the ${need} missing ones`;
  const remaining = t.run.client.budget.remaining;
  if (remaining < need)
    return `${base}; the write budget has ${remaining} left, raise --max-writes by ${need - remaining} to let the suite create the ${need} missing ones`;
  return undefined;
}

/**
 * The time cap of a walk of `pages` pages on this target: from the reference walk's rate once it has
 * ended (plan.ts walkTimeCap), and within what is left of the check's own bound (a tenth kept for
 * judging), so a check that waited for the list data does not run past its bound walking.
 */
export const timeCapFor = (t: Probe, pages: number): number =>
  Math.max(
    1_000,
    Math.min(
      walkTimeCap(t.settings.checkTimeoutMs, pages, loadedOf(t.run.client).msPerPage ?? 0),
      Math.floor(t.timeLeftMs() - t.settings.checkTimeoutMs * 0.1),
    ),
  );

const settled =
  (smallWalkPages: number) =>
  (reference: WalkResult, created: number, shortfall?: string): ListData => {
    const total = reference.end === 'complete' ? new Set(idsOf(reference.items)).size : undefined;
    return {
      list: { path: USER_BANKS },
      onList: "the caller's whole list (GET /user_banks)",
      reference,
      total,
      created,
      smallWalkPages,
      ...(shortfall !== undefined ? { shortfall } : {}),
    };
  };

/** The caller's whole list as the run read it: to its end (the reference walk), or as far as the run's budget for it allowed. */
export const callersWholeList = (data: ListData): WalkResult => data.whole ?? data.reference;
