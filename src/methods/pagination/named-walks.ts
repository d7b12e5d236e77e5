/**
 * The walks of GET /user_banks the pagination checks share, each made once a run under its key
 * (shared-walks.ts) and named by its label in findings: the limit, traversal and filter checks judge
 * the same walks, and everyWalk lists them all for the checks that judge every walk. A new walk is
 * declared here, beside everyWalk, so that list cannot miss it.
 */
import type { Exchange } from '../../http/exchange.js';
import type { Probe } from '../../harness/probe.js';
import { filterPlans, type FilterPlan } from './filter-plans.js';
import { listData, pagedList, timeCapFor, type ListData } from './list-data.js';
import { mixedMeanPageFor, mixedMostFor, mixedPageSizes } from './mixed-page-sizes.js';
import { USER_BANKS, filterLimitFor, pageCapFor, smallLimitsFor } from './plan.js';
import { sharedWalk } from './shared-walks.js';
import type { WalkResult } from './walker.js';

export interface NamedWalk {
  label: string;
  limit: number | undefined;
  result: WalkResult;
}

const walkAt = async (t: Probe, total: number, limit: number): Promise<NamedWalk> =>
  sharedWalk(t, `user_banks:limit=${limit}`, {
    ...(await pagedList(t)),
    limit,
    maxPages: pageCapFor(total, limit),
    maxMs: timeCapFor(t, pageCapFor(total, limit)),
    expectedItems: total,
  }).then((result) => ({ label: `limit=${limit}`, limit, result }));

export const walkWithoutLimit = async (t: Probe, total: number): Promise<NamedWalk> =>
  sharedWalk(t, 'user_banks:no-limit', {
    ...(await pagedList(t)),
    maxPages: pageCapFor(total, undefined),
    maxMs: timeCapFor(t, pageCapFor(total, undefined)),
    expectedItems: total,
  }).then((result) => ({ label: 'no limit', limit: undefined, result }));

export const repeatWalk = async (t: Probe, total: number): Promise<NamedWalk> =>
  sharedWalk(t, 'user_banks:limit=100:again', {
    ...(await pagedList(t)),
    limit: 100,
    maxPages: pageCapFor(total, 100),
    maxMs: timeCapFor(t, pageCapFor(total, 100)),
    expectedItems: total,
  }).then((result) => ({ label: 'limit=100 (again)', limit: 100, result }));

/** Whether a walk of changing page sizes fits this target's walk budget (its pages average mixedMeanPageFor). */
export const mixedWalkFits = (total: number, data: ListData): boolean => Math.ceil(total / mixedMeanPageFor(total)) <= data.smallWalkPages;

const mixedPlannedPage = (total: number): number => Math.max(1, Math.min(10, Math.floor(mixedMostFor(total) / 5)));

/** A walk whose limit is drawn anew for every page (mixed-page-sizes.ts), from the run's seed. */
export const mixedWalk = async (t: Probe, total: number): Promise<NamedWalk> =>
  sharedWalk(t, 'user_banks:mixed-limits', {
    ...(await pagedList(t)),
    pageSizes: mixedPageSizes(t.settings.seed, mixedMostFor(total)),
    // Planned for pages of a fifth of the largest drawn (at most 10): the sizes average about half of it.
    maxPages: pageCapFor(total, mixedPlannedPage(total)),
    maxMs: timeCapFor(t, pageCapFor(total, mixedPlannedPage(total))),
  }).then((result) => ({ label: 'a limit drawn anew for every page', limit: undefined, result }));

/** The page sizes compared with limit=100 on this target (larger on a big or slow list, see smallLimitsFor). */
export async function smallLimits(t: Probe, total: number): Promise<number[]> {
  return smallLimitsFor(total, (await listData(t)).smallWalkPages);
}

export async function smallWalks(t: Probe, total: number): Promise<NamedWalk[]> {
  return Promise.all((await smallLimits(t, total)).map((k) => walkAt(t, total, k)));
}

export async function filteredWalk(t: Probe, total: number, plan: FilterPlan): Promise<NamedWalk> {
  const data = await listData(t);
  const limit = filterLimitFor(plan.bounded?.likeItems ?? plan.expected.length, data.smallWalkPages);
  return sharedWalk(t, `user_banks:${plan.name}=${plan.value}:limit=${limit}`, {
    path: USER_BANKS,
    query: { ...plan.within, [plan.name]: plan.value },
    limit,
    maxPages: plan.bounded?.pages ?? pageCapFor(total, limit),
    maxMs: timeCapFor(t, plan.bounded?.pages ?? pageCapFor(plan.expected.length, limit)),
    ...(plan.bounded ? {} : { expectedItems: plan.expected.length }),
  }).then((result) => ({
    label: `${[...Object.entries(plan.within).map(([k, v]) => `${k}=${v}`), `${plan.name}=${plan.value}`].join('&')}, limit=${limit}`,
    limit,
    result,
  }));
}

/** Every walk the pagination suite makes, for the checks that judge them all (envelope, ends, duplicates). */
export async function everyWalk(t: Probe): Promise<NamedWalk[]> {
  const data = await listData(t);
  const reference: NamedWalk = { label: 'limit=100', limit: 100, result: data.reference };
  // The caller's whole list as far as the run read it, when the comparisons are made on a quiet User's: its pages are judged too.
  const whole: NamedWalk[] = data.whole
    ? [
        {
          label: `limit=100 on the caller's whole list (read to ${data.whole.pages.length} pages, the run's budget)`,
          limit: 100,
          result: data.whole,
        },
      ]
    : [];
  if (data.total === undefined) return [reference, ...whole];
  const total = data.total;
  const filters = [...filterPlans(t, data, 'user_id'), ...filterPlans(t, data, 'status')];
  const others = await Promise.all([
    ...smallLimitsFor(total, data.smallWalkPages).map((k) => walkAt(t, total, k)),
    walkWithoutLimit(t, total),
    repeatWalk(t, total),
    ...(mixedWalkFits(total, data) ? [mixedWalk(t, total)] : []),
    ...filters.map((plan) => filteredWalk(t, total, plan)),
  ]);
  return [reference, ...whole, ...others];
}

/** A walk's last answer as a finding's evidence, when it has one. */
export const pinned = (result: WalkResult): { exchange?: Exchange } => (result.endExchange ? { exchange: result.endExchange } : {});

/** The exchange of one page of a walk (0-based), for a finding about that page: its curl line replays that page, not the walk's last. */
export const pinnedPage = (result: WalkResult, index: number): { exchange?: Exchange } => {
  const exchange = result.pageExchanges?.[index];
  return exchange !== undefined ? { exchange } : pinned(result);
};
