/**
 * The User Banks of one User as GET /user_banks?user_id=... lists them, walked to the end with the
 * shared cursor walker (bounded in pages and time). Creation properties prove what was created,
 * and that nothing was created, by reading this list.
 */
import { PROOF_ITEM_BUDGET, proofWalk } from '../pagination/proof-walk.js';
import { placedItemBudget, quietUser, wholeListTooLarge } from '../pagination/list-data.js';
import { lastWholeWalk, wholeWalkBegunAfter } from '../pagination/whole-walks.js';
import { perRun } from '../../harness/per-run.js';
import type { WalkResult } from '../pagination/walker.js';
import type { Probe } from '../../harness/probe.js';
import { sleep } from '../../http/throttle.js';
import { WALK_ITEM_BUDGET } from '../../core/model/list-sizes.js';

const USER_BANKS = '/user_banks';

export interface BankListing {
  /** The items of the User (those whose user_id is the one asked; a broken filter is another check's business). */
  banks: Record<string, unknown>[];
  complete: boolean;
  walk: WalkResult;
  /** When the walk began (Date.now()): a write answered before it should be in it, once settled. */
  startedAt: number;
}

export async function listBanksOf(
  t: Probe,
  userId: string,
  startedAt: number = Date.now(),
  budget: number = PROOF_ITEM_BUDGET,
): Promise<BankListing> {
  return listingOf(await proofWalk(t, { path: USER_BANKS, query: { user_id: userId } }, budget), userId, startedAt);
}

/**
 * Items a proof reads of a User's list: PROOF_ITEM_BUDGET, or the part a run can place its writes in
 * (list-data.ts placedItemBudget: what a few seconds of pages cover) for a User the run writes to when
 * the caller's whole list did not end within the run's budget for it: that User's list gathers every
 * earlier run's writes. A newest-first list shows the run's writes on its first page; an
 * oldest-first list of more puts them past any run's reach at a cost that does not grow with what
 * earlier runs left, and the proof says how far it read instead.
 */
export async function listingBudget(t: Probe, user: string): Promise<number> {
  return user !== (await quietUser(t)) && (await wholeListTooLarge(t)) ? placedItemBudget(t) : PROOF_ITEM_BUDGET;
}

/** A walk of the list (filtered by the User or not) as that User's listing. */
export function listingOf(result: WalkResult, userId: string, startedAt: number): BankListing {
  const banks = result.items.filter(
    (item): item is Record<string, unknown> =>
      item !== null && typeof item === 'object' && (item as { user_id?: unknown }).user_id === userId,
  );
  return { banks, complete: result.end === 'complete', walk: result, startedAt };
}

/** Why the run's creations were not looked for past the part of their User's list that was read. */
export const notPlaced = (listing: BankListing): string =>
  `GET /user_banks?user_id=... was read to ${listing.walk.items.length} items, not to its end (${listing.walk.detail ?? listing.walk.end}), and the creations are not among them: an oldest-first list puts them past the part a run can read`;

/** The latest listing of each User in this run, and when it began (Date.now()). */
const latestListing = perRun(() => new Map<string, { startedAt: number; listing: Promise<BankListing> }>());

/**
 * A listing of the User's banks that began after `after` (Date.now()): the latest one is reused when
 * it did, so the judges of 25 creations answered before one listing share it instead of walking the
 * list 25 times (a User with 5,000 banks 50 ms away: 2.5 s a walk). It reads as far as the User's
 * listing budget (listingBudget), the same for every listing of that User in a run.
 */
export async function listBanksSince(t: Probe, userId: string, after: number): Promise<BankListing> {
  const budget = await listingBudget(t, userId);
  const byUser = latestListing(t.run.client);
  const latest = byUser.get(userId);
  if (latest && latest.startedAt > after) return latest.listing;
  // A whole walk of the User's list another check began after `after` (a filter walk of the
  // pagination checks, another proof's) serves; when it does not end complete, a walk of its own
  // follows, said to begin when that one did (earlier than it does: a poller then asks again, never
  // takes a listing older than it needs).
  const list = { path: USER_BANKS, query: { user_id: userId } };
  const shared = wholeWalkBegunAfter(t, list, after);
  if (shared) {
    const { startedAt } = shared;
    const listing = shared.result.then(
      (result) => (result.end === 'complete' ? listingOf(result, userId, startedAt) : listBanksOf(t, userId, startedAt, budget)),
      () => listBanksOf(t, userId, startedAt, budget),
    );
    byUser.set(userId, { startedAt, listing });
    return listing;
  }
  // Until it begins, the listing serves every judge that asks (it will begin after their writes'
  // answers): a big list's waits for the run's writes in flight, so the judges of the creations sent
  // side by side share one walk instead of one each (1,000 pages each on a 100,000-bank User).
  const entry = { startedAt: Number.POSITIVE_INFINITY, listing: Promise.resolve(undefined as unknown as BankListing) };
  entry.listing = (async () => {
    if (isBig(t, list)) await writesPaused(t);
    entry.startedAt = Date.now();
    return listBanksOf(t, userId, entry.startedAt, budget);
  })();
  byUser.set(userId, entry);
  return entry.listing;
}

/** Pages a list had when last walked whole (the User's list, or the caller's whole list) above which a listing waits for writes to pause. */
const BIG_LIST_PAGES = WALK_ITEM_BUDGET / 100;
/** How long at most a listing of a big list waits for the run's writes to pause: the judges asking need it within their own bound. */
const MAX_PAUSE_WAIT_MS = 3_000;

function isBig(t: Probe, list: { path: string; query: Record<string, string> }): boolean {
  return ((lastWholeWalk(t, list) ?? lastWholeWalk(t, { path: list.path }))?.pages.length ?? 0) > BIG_LIST_PAGES;
}

/** Until no write that may create is in flight and none was answered in the last 100 ms (a sender's next write follows its last at once), at most MAX_PAUSE_WAIT_MS. */
async function writesPaused(t: Probe): Promise<void> {
  const { client } = t.run;
  const until = Date.now() + MAX_PAUSE_WAIT_MS;
  while (Date.now() < until) {
    if (client.budget.writesInFlight === 0 && Date.now() - client.lastWriteEndedAt >= 100) return;
    await sleep(50);
  }
}

export const idOf = (bank: Record<string, unknown>): string | undefined =>
  typeof bank.id === 'string' || typeof bank.id === 'number' ? String(bank.id) : undefined;
