/**
 * The two listings every absence proof of a run shares (a refused write stored nowhere: bad
 * credentials, another caller's user_id, an invalid body). A long-lived staging User holds thousands
 * of User Banks, so a listing per refused request (or per proof) costs seconds each:
 * - before: the configured User's list as it was before the first write that may be refused, taken
 *   once per run (every sender of such a write awaits it first), so a bank left by an earlier run
 *   with the same numbers is never blamed on this one;
 * - after: the same list once the settle window has passed since the run's latest write. The proofs
 *   are judged together in the last suite file (suites/refused-writes.ts), so they wait out one
 *   window and read one listing between them.
 */
import { idOf, listBanksOf, listBanksSince, listingBudget, listingOf, type BankListing } from './bank-listing.js';
import { quietUser } from '../pagination/list-data.js';
import { wholeWalkSince } from '../pagination/whole-walks.js';
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { fittedWindow } from '../../harness/fitted-window.js';
import { untilAbsenceSettled } from '../../harness/settle.js';

const beforeListings = perRun(() => new Map<string, Promise<BankListing>>());

/**
 * The User that the writes a conformant server must refuse whatever their body (bad credentials,
 * another caller's) name: the quiet User (list-data.ts) when the caller's whole list is too large for
 * the run's budget, so their absence is proved on a list that stays small; else the configured User.
 * Refused, they leave it as it was; a server that keeps one is at fault, which the proof shows.
 */
export async function refusedWritesUser(t: Probe): Promise<{ user: string; whose: string }> {
  const quiet = await quietUser(t);
  return quiet !== undefined
    ? {
        user: quiet,
        whose: `User ${quiet}'s list (a User of the caller the run never writes to, named because the caller's whole list is too large for the run's budget)`,
      }
    : { user: t.settings.userIdA, whose: "the configured User's list" };
}

/**
 * A User's banks before any write that may be refused (one listing per User and run): a whole walk
 * of the User's list, or of the caller's whole list, that another check already made (the pagination
 * checks walk both before the first such write), else a walk of its own. Every sender of such a write
 * awaits it, so a walk still reading ends before the first one is sent. The banks this run creates
 * after it are known by their ids (client.createdIds), so the proofs leave them out.
 */
export function listingBeforeRefusedWrites(t: Probe, user: string = t.settings.userIdA): Promise<BankListing> {
  const byUser = beforeListings(t.run.client);
  let listing = byUser.get(user);
  if (listing === undefined) {
    listing = knownBanks(t, user);
    byUser.set(user, listing);
  }
  return listing;
}

async function knownBanks(t: Probe, user: string): Promise<BankListing> {
  const shared =
    (await wholeWalkSince(t, { path: '/user_banks', query: { user_id: user } })) ?? (await wholeWalkSince(t, { path: '/user_banks' }));
  return shared ? listingOf(shared.result, user, shared.startedAt) : listBanksOf(t, user, Date.now(), await listingBudget(t, user));
}

/** A write answered while the window is waited out moves it; this many moves at most, then the listing is read. */
const MAX_WAITS = 5;

/**
 * A User's banks (the configured User's unless named) as listed once the settle window has passed
 * since the run's latest write: shared by every proof that asks once the same writes are done
 * (listBanksSince hands a listing begun after the deadline to all of them).
 */
export async function listingAfterWrites(t: Probe, user: string = t.settings.userIdA): Promise<BankListing> {
  const { client } = t.run;
  let endedAt = client.lastWriteEndedAt;
  for (let wait = 0; wait < MAX_WAITS; wait += 1) {
    await untilAbsenceSettled(t, endedAt);
    if (client.lastWriteEndedAt <= endedAt) break;
    endedAt = client.lastWriteEndedAt;
  }
  // Any listing begun at the deadline or later will do (listBanksSince takes those begun after `after`).
  return listBanksSince(t, user, endedAt + fittedWindow(t.run.client, t.settings).ms - 1);
}

/** Ids of a listing's banks (those with a string or number id). */
export function idsIn(listing: BankListing): Set<string> {
  return new Set(listing.banks.map(idOf).filter((id): id is string => id !== undefined));
}
