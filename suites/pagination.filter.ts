/**
 * GET /user_banks filtered (spec 4.2: user_id=, status=): every page of a filtered walk keeps only
 * the value, lists all the unfiltered walk shows with it, and a value only close to a real one, or
 * one no bank can have, keeps nothing else. Part of the pagination suite (suites/pagination.limit.ts
 * says why it is one).
 */
import { isSuccess } from '../src/http/exchange.js';
import { filterPlans, type FilterName, type FilterPlan } from '../src/methods/pagination/filter-plans.js';
import { difference, fieldOf, idsOf, pageOfEachItem, sample } from '../src/methods/pagination/ids.js';
import { callersWholeList, totalAtLeast, type ListData } from '../src/methods/pagination/list-data.js';
import { filteredWalk, pinned, pinnedPage, type NamedWalk } from '../src/methods/pagination/named-walks.js';
import { USER_BANKS } from '../src/methods/pagination/plan.js';
import { existedThroughout } from '../src/methods/pagination/stable-items.js';
import { MAX_PAGE_SIZE, walk } from '../src/methods/pagination/walker.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

// The suite of suites/pagination.limit.ts, whose first check readies the list: see there.
inSuite('pagination', 'reads');

/** The filtered walks of a filter's planned values (shared by the checks of the filter), one after another. */
async function walkEachFilterValue(t: Probe, name: FilterName): Promise<{ data: ListData; walks: (NamedWalk & { plan: FilterPlan })[] }> {
  const { data, total } = await totalAtLeast(t, 1);
  const plans = filterPlans(t, data, name);
  if (plans.length === 0) t.skip(`no User Bank listed on ${data.onList} carries a ${name} string to filter by`);
  const walks: (NamedWalk & { plan: FilterPlan })[] = [];
  for (const plan of plans) walks.push({ plan, ...(await filteredWalk(t, total, plan)) });
  return { data, walks };
}

function filterEveryPage(name: FilterName) {
  return async (t: Probe): Promise<void> => {
    const { walks } = await walkEachFilterValue(t, name);
    const notes: string[] = [];
    for (const { plan, label, result } of walks) {
      const pageOf = pageOfEachItem(result);
      const wrongPages = new Set<number>();
      result.items.forEach((item, i) => {
        const value = fieldOf(item, name);
        if (value === plan.value) return;
        const page = pageOf[i] ?? 0;
        if (wrongPages.has(page)) return; // one finding per page is enough evidence
        wrongPages.add(page);
        t.fail(
          `the walk with ${label}: page ${page} of ${result.pages.length} lists User Bank ${idsOf([item])[0] ?? `#${i + 1}`} with ${name} ${JSON.stringify(value)}`,
          {
            ...pinnedPage(result, page - 1),
            expected: `${name} ${JSON.stringify(plan.value)} on every page`,
            actual: JSON.stringify(value),
          },
        );
      });
      if (wrongPages.size === 0) {
        if (plan.bounded !== undefined && result.end === 'page-cap') {
          notes.push(
            `${name}=${plan.value}: ${result.items.length} items on the first ${result.pages.length} pages, all matching (a list too large for the run's budget, read that far)`,
          );
          t.passed(notes.join('; '));
          continue;
        }
        if (result.end !== 'complete')
          return t.inconclusive(
            `the ${result.items.length} items seen match ${name}=${plan.value}, but the walk ended with ${result.end} (${result.detail}) before the last page`,
          );
        notes.push(`${name}=${plan.value}: ${result.items.length} items on ${result.pages.length} pages, all matching`);
        t.passed(notes.join('; '));
      }
    }
  };
}

function filterComplete(name: FilterName) {
  return async (t: Probe): Promise<void> => {
    const { walks } = await walkEachFilterValue(t, name);
    const notes: string[] = [];
    const unfinished: string[] = [];
    for (const { plan, label, result } of walks) {
      // A list read only in part has no end to be complete to: its pages are every-page's to judge.
      if (plan.bounded !== undefined) continue;
      const { against } = plan;
      // Evidence first: an item a filtered page shows that the unfiltered list lacks is judged even on a
      // walk that did not end; only what the walk left out needs its end.
      const complete = result.end === 'complete';
      if (!complete)
        unfinished.push(`the walk with ${label} ended with ${result.end} (${result.detail}); pagination.traversal.ends reports it`);
      const listed = new Set(idsOf(result.items));
      const expected = new Set(plan.expected);
      // Another writer may have changed the list between the walks: judge what existed throughout. A
      // list read only in part is read afterwards as far again (a listing shows an item exists).
      const {
        lost: missing,
        extra: notInList,
        untold,
        why,
      } = await existedThroughout(
        t,
        { ...against.list, ...(against.toEnd ? {} : { maxPages: against.walk.pages.length + 3 }) },
        { first: against.walk, later: result },
        {
          lost: complete ? difference(expected, listed) : [],
          // Past the part read of a list, an item the filtered walk shows may be anywhere: only a list read to its end can lack it.
          extra: against.toEnd ? difference(listed, new Set(idsOf(against.walk.items))) : [],
        },
        Date.now(),
      );
      if (untold.length > 0)
        unfinished.push(
          `${label}: ${untold.length} User Bank(s) listed by one walk only could not be weighed (no walk afterwards reached the end: ${why})`,
        );
      if (missing.length > 0) {
        t.fail(
          `the walk with ${label} leaves out ${missing.length} of the ${expected.size} User Banks that ${against.label} shows with ${name} ${plan.value}: ${sample(missing)}`,
          { ...pinned(result), expected: `${expected.size} ids`, actual: `${listed.size} ids` },
        );
      }
      if (notInList.length > 0)
        t.fail(`the walk with ${label} lists ${notInList.length} User Bank(s) ${against.label} does not hold: ${sample(notInList)}`, {
          expected: `a subset of ${against.label}`,
          actual: `${notInList.length} unknown id(s)`,
        });
      if (complete && missing.length === 0 && notInList.length === 0 && untold.length === 0) {
        notes.push(
          against.toEnd
            ? `${name}=${plan.value}: the same ${expected.size} User Banks as ${against.label} filtered by the client`
            : `${name}=${plan.value}: all ${expected.size} User Banks ${against.label} shows with it (the proof covers that part; every page keeping only the value is pagination.filter.${name === 'user_id' ? 'user-id' : name}.every-page's)`,
        );
        t.passed(notes.join('; '));
      }
    }
    if (unfinished.length > 0) t.inconclusive(unfinished.join('; '));
  };
}

conformanceCheck(
  {
    id: 'pagination.filter.user-id.every-page',
    area: 'pagination',
    requirement: 'list_user_banks.user_id_filter',
    title: 'Every User Bank on every page of a user_id-filtered walk has that user_id',
  },
  filterEveryPage('user_id'),
);
conformanceCheck(
  {
    id: 'pagination.filter.user-id.complete',
    area: 'pagination',
    requirement: 'list_user_banks.user_id_filter',
    title: 'A user_id-filtered walk lists exactly the User Banks of that user in the unfiltered walk',
  },
  filterComplete('user_id'),
);
conformanceCheck(
  {
    id: 'pagination.filter.status.every-page',
    area: 'pagination',
    requirement: 'list_user_banks.status_filter',
    covers: ['user_bank.status'],
    title: 'Every User Bank on every page of a status-filtered walk has that status',
  },
  filterEveryPage('status'),
);
conformanceCheck(
  {
    id: 'pagination.filter.status.complete',
    area: 'pagination',
    requirement: 'list_user_banks.status_filter',
    title: "A status-filtered walk lists exactly the unfiltered walk's banks of that status",
    description: 'A status-filtered walk lists exactly the User Banks with that status in the unfiltered walk',
  },
  filterComplete('status'),
);

/** Pages read of a walk with a filter value that should match little or nothing. */
const NEAR_MISS_PAGES = 3;

/** One filter value's answer judged: a refusal, or every item (on up to NEAR_MISS_PAGES pages) carrying an accepted value. */
async function judgeExactFilter(t: Probe, name: FilterName, value: string, accepted: (v: unknown) => boolean, why: string): Promise<void> {
  const result = await walk(t, { path: USER_BANKS, query: { [name]: value }, limit: MAX_PAGE_SIZE, maxPages: NEAR_MISS_PAGES });
  const first = result.pages[0];
  if (first && (first.status < 200 || first.status >= 300)) {
    if (first.status >= 500) {
      t.fail(`GET /user_banks?${name}=${value} (${why}) was answered ${first.status}, a server error`, {
        ...pinned(result),
        expected: 'a 4xx or only exact matches',
        actual: String(first.status),
      });
    } else {
      t.passed();
    }
    return;
  }
  const wrong = result.items.filter((item) => !accepted(fieldOf(item, name)));
  if (wrong.length === 0) {
    if (result.end === 'http-error') return t.inconclusive(`the walk with ${name}=${value} ended with ${result.detail}`);
    t.passed();
    return;
  }
  const example = wrong[0];
  const examplePage = pageOfEachItem(result)[result.items.indexOf(example)] ?? 1;
  t.fail(
    `GET /user_banks?${name}=${value} (${why}) lists ${wrong.length} User Bank(s) whose ${name} is not exactly ${JSON.stringify(value)}, e.g. ${idsOf([example])[0] ?? 'one'} with ${name} ${JSON.stringify(fieldOf(example, name))}`,
    {
      ...pinnedPage(result, examplePage - 1),
      expected: `only ${name} ${JSON.stringify(value)}, or a refusal`,
      actual: `${wrong.length} item(s) with another ${name}`,
    },
  );
}

const swapCase = (s: string): string => s.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));

/**
 * 4.2: "Keep only User Banks of this User." A value only close to a real id names no User; a server
 * that filters with LIKE 'x%', ignores case or trims the value lists that User's banks under it.
 * A server that treats ids case-insensitively everywhere (GET /users/{other case} answers the same
 * User) may list that User's banks for the other case: its own rule, applied consistently.
 */
conformanceCheck(
  {
    id: 'pagination.filter.user-id.near-miss',
    area: 'pagination',
    requirement: 'list_user_banks.user_id_filter',
    title: 'A user_id filter close to a real one lists only banks with exactly that user_id',
    description:
      'GET /user_banks with a user_id only close to a real one (a proper prefix, other letter case, a character added) lists only User Banks with exactly that user_id (or is refused)',
  },
  async (t) => {
    const { data } = await totalAtLeast(t, 1);
    const listed = new Set(
      callersWholeList(data)
        .items.map((item) => fieldOf(item, 'user_id'))
        .filter((v): v is string => typeof v === 'string'),
    );
    const real = listed.has(t.settings.userIdA) ? t.settings.userIdA : [...listed][0];
    if (real === undefined || real.length < 2)
      return t.skip('no listed User Bank carries a user_id of 2 or more characters to build near-misses of');
    const exactly = (value: string) => (v: unknown) => v === value;
    await judgeExactFilter(t, 'user_id', real.slice(0, -1), exactly(real.slice(0, -1)), 'a proper prefix of a real user_id');
    await judgeExactFilter(t, 'user_id', `${real}0`, exactly(`${real}0`), 'a real user_id with a character added');
    const other = swapCase(real);
    if (other !== real) {
      const user = await t.request({ path: `/users/${encodeURIComponent(other)}` });
      const sameUser = isSuccess(user) && fieldOf(user.json, 'id') === real;
      await judgeExactFilter(
        t,
        'user_id',
        other,
        (v) => v === other || (sameUser && v === real),
        sameUser
          ? 'a real user_id in other letter case, which GET /users/{id} resolves to the same User'
          : 'a real user_id in other letter case',
      );
    }
  },
);

/** 4.2: "Keep only User Banks with this status." A status no bank has keeps none (or is refused as unknown). */
conformanceCheck(
  {
    id: 'pagination.filter.status.unknown-value',
    area: 'pagination',
    requirement: 'list_user_banks.status_filter',
    title: 'A status filter no User Bank can have is refused or lists only that status',
    description: 'GET /user_banks with a status no User Bank can have is refused (4xx) or lists only User Banks with exactly that status',
  },
  async (t) => {
    await totalAtLeast(t, 1);
    const madeUp = `conformance-no-such-status-${t.settings.seed}`;
    await judgeExactFilter(t, 'status', madeUp, (v) => v === madeUp, 'a status no User Bank can have');
  },
);
