/**
 * Walks that must read a whole list to prove an absence: a refused write stored nowhere, another
 * caller's bank not listed. A long-lived staging User gathers every run's banks (about 25 a run:
 * 12,000 after a few hundred CI runs), so these read up to PROOF_ITEM_BUDGET items at pages of 100,
 * as many as the reference walk, bounded in time by the walk's time cap. A list that already ran
 * past that budget in this run (a huge list, or a cursor that never ends) is walked again only to
 * the ordinary budget: the proof cannot finish either way, and a broken target should not take
 * 1,000 pages per listing.
 */
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { DEFAULT_ITEM_BUDGET, MAX_PAGE_SIZE, defaultMaxPages, type WalkOptions, type WalkResult } from './walker.js';
import { lastWholeWalk, listSizeAtLeast, walkWhole, wholeWalkBegunAfter, wholeWalkSince } from './whole-walks.js';
import { MAX_WALK_SHARE } from './plan.js';
import { PROOF_ITEM_BUDGET } from '../../core/model/list-sizes.js';

export { PROOF_ITEM_BUDGET };

/**
 * Lists (path and query, per caller) whose proof walk ended at its page or time cap in this run, with
 * the most items such a walk was allowed (a time cap counts as the full budget).
 */
const unending = perRun(() => new Map<string, number>());

/**
 * `budget`: items the proof may read at most (PROOF_ITEM_BUDGET unless the proof is bounded by the
 * part of the list it can place, bank-listing.ts). A list that already ran past a budget as large in
 * this run is read again only to the ordinary budget: the proof cannot finish either way.
 */
export async function proofWalk(
  t: Probe,
  options: Omit<WalkOptions, 'limit' | 'maxPages'>,
  budget: number = PROOF_ITEM_BUDGET,
): Promise<WalkResult> {
  const key = JSON.stringify([options.path, options.query ?? {}, options.auth ?? 'a']);
  const cutAt = unending(t.run.client);
  // A bounded proof of a list known to hold more than its budget reads its first page alone: a
  // newest-first list shows the run's writes there, an oldest-first one puts them past the budget.
  const beyond = budget < PROOF_ITEM_BUDGET && (listSizeAtLeast(t, options) ?? 0) > budget;
  const items = beyond ? MAX_PAGE_SIZE : (cutAt.get(key) ?? 0) >= budget ? Math.min(budget, DEFAULT_ITEM_BUDGET) : budget;
  // A proof reads as long as its check's bound allows (a tenth kept for judging), not the walker's
  // default share of it: the list's size is not known before the walk, and a cut proof decides nothing.
  const bound = t.settings.checkTimeoutMs;
  const maxMs = Math.max(1_000, Math.min(Math.floor(bound * MAX_WALK_SHARE), Math.floor(t.timeLeftMs() - bound * 0.1)));
  // The list's size when last walked whole in this run: a cap that still binds says how long the proof would need.
  const known = lastWholeWalk(t, options);
  const result = await walkWhole(t, {
    ...options,
    limit: MAX_PAGE_SIZE,
    maxPages: defaultMaxPages(MAX_PAGE_SIZE, items),
    maxMs,
    ...(known !== undefined ? { knownItems: known.items.length } : {}),
  });
  const past = result.end === 'page-cap' ? items : result.end === 'time-cap' ? PROOF_ITEM_BUDGET : 0;
  if (items === budget && past > (cutAt.get(key) ?? 0)) cutAt.set(key, past);
  return result;
}

/**
 * The whole list as some walk of this run read it at limit=100 (the latest one that ended complete,
 * another check's or a proof's), for a proof that needs the ids a caller holds, not a reading after
 * some write: on a 100,000-bank User every walk is 1,000 pages. When no walk read it to its end but
 * one stopped at its page or time cap, that one: the list is longer than a walk of this run can read,
 * and walking it again from its start would cost as much and read no further (a year of gates'
 * 400,000 User Banks: 34 s at 30 ms a page); the caller says how far it was read (its end is not
 * 'complete'). Walked anew when none did, or when the one there was empty (a bank may have been
 * created since).
 */
export async function wholeListOf(t: Probe, options: Omit<WalkOptions, 'limit' | 'maxPages'>): Promise<WalkResult> {
  const shared = await wholeWalkSince(t, options);
  const cut = shared === undefined ? await walkCutAtItsCap(t, options) : undefined;
  const read = shared?.result ?? cut;
  if (read !== undefined && read.items.length > 0) {
    for (const exchange of read.evidence ?? []) t.attach(exchange);
    return read;
  }
  return proofWalk(t, options);
}

/** The latest walk of the whole list at limit=100 begun in this run, when it stopped at its page or time cap. */
async function walkCutAtItsCap(t: Probe, list: Omit<WalkOptions, 'limit' | 'maxPages'>): Promise<WalkResult | undefined> {
  const latest = await wholeWalkBegunAfter(t, list)?.result.catch(() => undefined);
  return latest !== undefined && (latest.end === 'page-cap' || latest.end === 'time-cap') ? latest : undefined;
}

/** How far a list that a proof relies on was read, when not to its end ('' when it was). */
export const readAsFarAs = (result: WalkResult, what: string): string =>
  result.end === 'complete'
    ? ''
    : `; ${what} was read to ${result.items.length} items, not to its end (${result.detail ?? result.end}), so the proof covers those`;
