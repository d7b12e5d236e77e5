/**
 * The views the relations of src/core/model/list-views.ts need in every run, whatever the checks before
 * them walked: for each caller, once the given settle window has passed since its first sighting, its
 * User Banks by each User and each status its views showed, by one User and each status at once,
 * and unfiltered, each at a page size that gives the walk a few pages; then the unfiltered list at
 * 100 again, the sighting "after" that the walks in between are judged against; and its RfP
 * Registrations. Besides the statuses its views showed, each status value the spec names for any
 * status-like member is asked as a filter: a list may hide a status from its unfiltered view and
 * still answer a filter for it. A User Bank a filter listed that the whole list "after" did not is
 * bracketed once more, once it has settled: the whole list again, then the filters that listed it,
 * so the relation judges it as an item listed before and after a complete walk. Each walk's pages are capped by the items it should hold, and all of them by a
 * share of the check's time: a cursor that never ends costs a few pages, not thousands.
 */
import { sleep } from '../../http/throttle.js';
import { inPool } from '../../harness/in-pool.js';
import type { Probe } from '../../harness/probe.js';
import { SPEC_NAMED_STATUSES } from '../../core/domain/user-bank.js';
import { judgeable, type ViewCaller } from '../../core/model/list-views.js';
import { pageCapFor, RFP_REGISTRATIONS, USER_BANKS } from '../pagination/plan.js';
import { MAX_PAGE_SIZE, walk } from '../pagination/walker.js';
import { shownOnlyFiltered, type FilteredWalk } from './shown-only-filtered.js';

/** Status values to ask that a caller's banks may not carry (the spec names only "active"); the first its views never showed is asked. */
const UNSEEN_STATUSES = ['inactive', 'suspended', 'closed', 'pending'];
/** Filtered queries walked again around the whole list, at most, when they listed what it did not. */
const MAX_BRACKETED = 3;
/** Values of each filter walked per caller, at most (the most listed first). */
const VALUES_PER_FILTER = 3;
/** A closing walk is made only for views of at most this many items: a huge list is judged on the walks already made. */
const MAX_CLOSING_ITEMS = 2_000;
/** Pages a closing walk aims at: enough to cross page boundaries, few enough to stay cheap. */
const PAGES_AIMED = 4;
/** The share of the check's time bound the closing walks of one caller may take. */
const TIME_SHARE = 0.3;
/** Pages of one RfP walk at most (the caller holds one registration per use case: a handful). */
const RFP_PAGES = 20;

const mostListed = (counts: Map<string, number>, first?: string): string[] =>
  [...counts]
    .sort((x, y) => (x[0] === first ? -1 : y[0] === first ? 1 : y[1] - x[1]))
    .slice(0, VALUES_PER_FILTER)
    .map(([value]) => value);

const pageSizeFor = (count: number): number => Math.min(MAX_PAGE_SIZE, Math.max(1, Math.ceil(count / PAGES_AIMED)));

/** Makes the closing walks of one caller; returns why it made none, when it did not. */
export async function closingWalks(
  t: Probe,
  caller: ViewCaller,
  ownUser: string,
  lanes: number,
  settleMs: number,
): Promise<string | undefined> {
  const views = t.run.views;
  const path = USER_BANKS;
  if (views.bankWalks(caller).length === 0) await walk(t, { path, limit: MAX_PAGE_SIZE, auth: caller });
  const first = views.firstSighting(caller);
  if (first === undefined) return `caller ${caller.toUpperCase()}'s list could not be walked`;
  // A write may show late (--settle-ms): an item counts as listed throughout only once it is older than that.
  const wait = first + settleMs - Date.now();
  if (wait > 0) await sleep(Math.min(wait, settleMs));
  const seen = views.sightings(caller);
  if (seen.size > MAX_CLOSING_ITEMS)
    return `caller ${caller.toUpperCase()}'s views hold ${seen.size} User Banks, more than ${MAX_CLOSING_ITEMS} to walk again: judged on the walks already made`;
  const byUser = new Map<string, number>();
  const byStatus = new Map<string, number>();
  for (const s of seen.values()) {
    if (s.userId !== undefined) byUser.set(s.userId, (byUser.get(s.userId) ?? 0) + 1);
    if (s.lastStatus !== undefined) byStatus.set(s.lastStatus, (byStatus.get(s.lastStatus) ?? 0) + 1);
  }
  const users = mostListed(byUser, ownUser);
  const statuses = mostListed(byStatus);
  const known = new Set(byStatus.keys());
  // A named value the views never showed: a walk of it keeps nothing, or lists what the whole list hid.
  const namedUnseen = SPEC_NAMED_STATUSES.filter((s) => !known.has(s) && judgeable(s, known));
  // A status none of the caller's banks carries, asked with a User: it must keep nothing of that User's.
  const unseen = UNSEEN_STATUSES.find((s) => judgeable(s, new Set(byStatus.keys())));
  const userOfPairs = users[0];
  const asks: { query: Record<string, string>; count: number }[] = [
    ...users.map((u) => ({ query: { user_id: u }, count: byUser.get(u) ?? 1 })),
    ...statuses.map((s) => ({ query: { status: s }, count: byStatus.get(s) ?? 1 })),
    ...namedUnseen.map((s) => ({ query: { status: s }, count: MAX_CLOSING_ITEMS })),
    // Filters at once: each must still keep only its value (4.2), whatever the query builder does with two.
    ...(userOfPairs === undefined
      ? []
      : [...statuses, ...(unseen ? [unseen] : [])].map((s) => ({
          query: { user_id: userOfPairs, status: s },
          count: byUser.get(userOfPairs) ?? 1,
        }))),
    { query: {}, count: seen.size },
  ];
  const deadline = Date.now() + t.settings.checkTimeoutMs * TIME_SHARE;
  // The walks of the asks are independent of each other (each its own cursor chain, no write between
  // them): side by side within `lanes` (--concurrency, or the caller's share of it). The unfiltered
  // walk "after" begins once they have all ended, so it is still the later sighting each of them is
  // judged against.
  let stopped = false;
  const filtered: FilteredWalk[] = [];
  await inPool(asks, lanes, async ({ query, count }) => {
    if (stopped || Date.now() > deadline) {
      stopped = true;
      return;
    }
    const limit = pageSizeFor(count);
    filtered.push({ query, result: await walk(t, { path, query, limit, auth: caller, maxPages: pageCapFor(count, limit) }) });
  });
  if (stopped) return `caller ${caller.toUpperCase()}'s closing walks stopped at their share of the check's time`;
  const wholeWalk = () => walk(t, { path, limit: MAX_PAGE_SIZE, auth: caller, maxPages: pageCapFor(seen.size, MAX_PAGE_SIZE) });
  const [whole] = await Promise.all([wholeWalk(), walk(t, { path: RFP_REGISTRATIONS, auth: caller, maxPages: RFP_PAGES })]);
  if (whole.end !== 'complete') return undefined;
  const hidden = shownOnlyFiltered(filtered, whole);
  if (hidden.ids.size === 0) return undefined;
  // Listed by a filter only: once settled, the whole list again, then those filters again, so each
  // such bank is listed before and after a complete walk of the whole list.
  const sightings = views.sightings(caller);
  const newest = Math.max(...[...hidden.ids].map((id) => sightings.get(id)?.firstAnsweredAt ?? 0));
  const settle = newest + settleMs - Date.now();
  if (settle > 0) await sleep(Math.min(settle, settleMs));
  if (Date.now() > deadline) return `caller ${caller.toUpperCase()}'s closing walks stopped at their share of the check's time`;
  await wholeWalk();
  await inPool(hidden.queries.slice(0, MAX_BRACKETED), lanes, async (query) => {
    await walk(t, { path, query, limit: MAX_PAGE_SIZE, auth: caller, maxPages: pageCapFor(MAX_CLOSING_ITEMS, MAX_PAGE_SIZE) });
  });
  return undefined;
}
