/**
 * GET /user_banks walked as a client walks it (spec 2.4, 4.2, 8): limits, cursors, traversal and
 * filters. The first check is sequential: it counts the list and, when there are too few User Banks,
 * creates them (within --max-writes) before any walk starts; after it, this file only reads, so
 * every walk sees the same list.
 */
import { isClientError, isServerError, isSuccess, type Exchange } from '../src/http/exchange.js';
import { ABOVE_MAX_LIMITS, OUT_OF_RANGE_LIMITS, invalidCursors } from '../src/methods/pagination/bad-inputs.js';
import { filterPlans, type FilterName, type FilterPlan } from '../src/methods/pagination/filter-plans.js';
import { difference, duplicatesIn, fieldOf, idsOf, pageOfEachItem, sample } from '../src/methods/pagination/ids.js';
import { listData, totalAtLeast, type ListData } from '../src/methods/pagination/list-data.js';
import { MIXED_MEAN_PAGE_SIZE } from '../src/methods/pagination/mixed-page-sizes.js';
import {
  everyWalk,
  filteredWalk,
  mixedWalk,
  mixedWalkFits,
  pinned,
  repeatWalk,
  smallLimits,
  smallWalks,
  walkWithoutLimit,
  type NamedWalk,
} from '../src/methods/pagination/named-walks.js';
import { ITEMS_FOR_DEFAULT, ITEMS_FOR_TRAVERSAL, USER_BANKS } from '../src/methods/pagination/plan.js';
import { once } from '../src/methods/pagination/shared-walks.js';
import { existedThroughout, idsAfter, stillThere } from '../src/methods/pagination/stable-items.js';
import { MAX_PAGE_SIZE, readEnvelope, walk, type PageRecord } from '../src/methods/pagination/walker.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

inSuite('pagination', 'reads');

// ---------------------------------------------------------------- the list and its walks

/**
 * How many User Banks are listed (once the settle window after the first ask has passed) that the
 * run's first whole walk did not list: items added while the walks read, by this run or another
 * writer. Counted once per check, on its first ask, and only if the check needs it.
 */
function createdSinceListData(t: Probe): () => Promise<number> {
  let count: Promise<number> | undefined;
  return () =>
    (count ??= (async () => {
      const until = Date.now();
      const before = new Set(idsOf((await listData(t)).reference.items));
      const after = await idsAfter(t, { path: USER_BANKS }, until);
      return difference(after.ids, before).length;
    })());
}

// ---------------------------------------------------------------- limit

conformanceCheck(
  {
    id: 'pagination.limit.default',
    area: 'pagination',
    requirement: 'list_user_banks.limit.default',
    title: 'Without a limit, the first page of GET /user_banks holds min(100, total) User Banks',
  },
  async (t) => {
    const data = await listData(t);
    const exchange = await t.request({ path: USER_BANKS });
    if (!t.expectSuccess(exchange, 'GET /user_banks without a limit')) return;
    const { data: items, nextCursor } = readEnvelope(exchange);
    if (!items)
      return t.skip('the first page has no data array, so its size cannot be counted (pagination.envelope.every-page judges the envelope)');
    // One instant: the page is judged against the list as this one answer shows it (its next_cursor says
    // whether more follow). The list's size read earlier only says what to expect; another writer may
    // have added or removed User Banks between the two reads.
    const more = typeof nextCursor === 'string';
    if (items.length > MAX_PAGE_SIZE) {
      return t.fail(`without a limit the first page holds ${items.length} User Banks; the default page size is 100`, {
        exchange,
        expected: 'at most 100 items',
        actual: `${items.length} items`,
      });
    }
    if (more && items.length < MAX_PAGE_SIZE) {
      return t.fail(
        `without a limit the first page holds ${items.length} User Banks and its next_cursor points to more: the default page size of 100 gives 100 while more follow`,
        {
          exchange,
          expected: '100 items on a page that is not the last',
          actual: `${items.length} items and a next_cursor`,
        },
      );
    }
    if (data.total === undefined)
      return t.inconclusive(
        `the first page holds ${items.length} items, but the list's size is unknown: the walk at limit=100 ended with ${data.reference.end} (${data.reference.detail})`,
      );
    if (!more) {
      // The page says it is the whole list: every User Bank the earlier walk listed and still listed after must be on it.
      const onPage = new Set(idsOf(items));
      let left = difference(new Set(idsOf(data.reference.items)), onPage);
      if (left.length > 0) {
        const weighed = stillThere(left, await idsAfter(t, { path: USER_BANKS }, Date.now()));
        if (weighed.shown.length === 0 && weighed.untold.length > 0)
          return t.inconclusive(
            `without a limit the first page says it is the last (next_cursor null) and leaves out ${weighed.untold.length} User Banks the earlier walk listed; no walk afterwards reached the end to tell whether they are still there`,
          );
        left = weighed.shown;
      }
      if (left.length > 0) {
        return t.fail(
          `without a limit the first page holds ${items.length} User Banks and says it is the last (next_cursor null), yet leaves out ${left.length} that are listed before and after it: ${sample(left)}`,
          {
            exchange,
            expected: `min(100, the list's size) items`,
            actual: `${items.length} items`,
          },
        );
      }
      if (items.length < ITEMS_FOR_DEFAULT) {
        return t.skip(
          `the first page holds the whole list (${items.length} User Banks), which shows the default is at least ${items.length} but cannot tell 100 from a larger default: ${data.shortfall ?? `needs ${ITEMS_FOR_DEFAULT} User Banks`}`,
        );
      }
    }
    t.passed(
      `without a limit the first page holds 100 User Banks and points to more (the list held ${data.total} when walked${data.created > 0 ? `; the suite created ${data.created} to have more than 100` : ''})`,
    );
  },
  { sequential: true },
);

/**
 * Evidence first: what one answer of a walk shows is judged before anything needs the list's size, so
 * it fails at once whatever else stays undecided. A page longer than the limit asked, and a refusal of
 * the walk's first page at a limit in the range 1 to 100 (spec 4.2: the range is inclusive), are such answers.
 */
function judgeWalkAnswers(t: Probe, { label, limit, result }: NamedWalk): void {
  // A walk that widened its page size to outpace the list's growth asked another limit from then on (growth.ts).
  const boundOf = (page: PageRecord): number => Math.min(page.askedLimit ?? limit ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const over = result.pages.find((p) => p.itemCount > boundOf(p));
  if (over) {
    const asked = over.askedLimit !== undefined ? `limit=${over.askedLimit}` : label;
    t.fail(`${asked} was asked and page ${over.index + 1} holds ${over.itemCount} User Banks`, {
      ...pinned(result),
      expected: `at most ${boundOf(over)} items per page`,
      actual: `${over.itemCount} items`,
    });
  }
  const refused = result.end === 'http-error' && result.pages.length === 1 ? result.pages[0] : undefined;
  if (refused && limit !== undefined && refused.status >= 400 && refused.status < 500 && refused.status !== 429) {
    t.fail(`GET /user_banks?limit=${limit} was refused with ${refused.status}, though ${limit} is in the range 1 to 100 inclusive`, {
      ...pinned(result),
      expected: `a page of at most ${limit} User Banks`,
      actual: String(refused.status),
    });
  }
  if (!over && !refused) t.passed();
}

conformanceCheck(
  {
    id: 'pagination.limit.honoured',
    area: 'pagination',
    requirement: 'list_user_banks.limit.range',
    title: 'With limit=1, 2, 7 and 100, no page holds more items than the limit',
    description: 'With limit=1, 2, 7 and 100, no page of GET /user_banks holds more items than the limit asked',
  },
  async (t) => {
    judgeWalkAnswers(t, { label: 'limit=100', limit: 100, result: (await listData(t)).reference });
    const { total } = await totalAtLeast(t, ITEMS_FOR_TRAVERSAL);
    const walks = await smallWalks(t, total);
    if (!walks.some((w) => w.limit === 1)) {
      // A big list walks with larger small limits; limit=1 is still asked once.
      const exchange = await t.request({ path: USER_BANKS, query: { limit: 1 } });
      const { data } = readEnvelope(exchange);
      if (isSuccess(exchange) && data && data.length > 1)
        t.fail(`limit=1 was asked and the page holds ${data.length} User Banks`, {
          exchange,
          expected: 'at most 1 item',
          actual: `${data.length} items`,
        });
      else t.passed();
    }
    for (const walk of walks) judgeWalkAnswers(t, walk);
    t.passed(`no page larger than asked in walks at ${[...walks.map((w) => w.label), 'limit=100'].join(', ')}`);
  },
);

/** Answers to limits outside 1..100, shared by the three checks that judge them. */
const outOfRange = once(
  async (t: Probe) => {
    const answers: Array<{ value: string; aboveMax: boolean; exchange: Exchange }> = [];
    for (const limit of OUT_OF_RANGE_LIMITS)
      answers.push({ ...limit, exchange: await t.request({ path: USER_BANKS, query: { limit: limit.value } }) });
    return answers;
  },
  (answers) => answers.map((a) => a.exchange),
);

const outOfRangeAnswers = outOfRange;

conformanceCheck(
  {
    id: 'pagination.limit.max-100',
    area: 'pagination',
    requirement: 'list_user_banks.limit.maximum',
    title: 'No page of GET /user_banks holds more than 100 items, whatever the limit',
    description: 'No page of GET /user_banks holds more than 100 items, whatever limit is asked (101, 1000, out-of-range values, none)',
  },
  async (t) => {
    const { total } = await totalAtLeast(t, 1);
    const above: Array<{ label: string; exchange: Exchange }> = [];
    for (const value of ABOVE_MAX_LIMITS)
      above.push({ label: `limit=${value}`, exchange: await t.request({ path: USER_BANKS, query: { limit: value } }) });
    for (const { value, exchange } of await outOfRangeAnswers(t)) above.push({ label: `limit=${JSON.stringify(value)}`, exchange });
    for (const { label, exchange } of above) {
      const { data } = readEnvelope(exchange);
      if (isSuccess(exchange) && data && data.length > MAX_PAGE_SIZE)
        t.fail(`${label} was answered with a page of ${data.length} User Banks; no page may hold more than 100`, {
          exchange,
          expected: 'a 4xx, or at most 100 items',
          actual: `${data.length} items`,
        });
    }
    const noLimit = await walkWithoutLimit(t, total);
    const over = noLimit.result.pages.find((p) => p.itemCount > MAX_PAGE_SIZE);
    if (over)
      t.fail(`without a limit, page ${over.index + 1} holds ${over.itemCount} User Banks; the maximum is 100`, {
        ...pinned(noLimit.result),
      });
    if (total < ITEMS_FOR_DEFAULT) {
      return t.skip(
        `no answer held more than 100 items, but the list holds only ${total} User Banks so none could: ${(await listData(t)).shortfall ?? `needs ${ITEMS_FOR_DEFAULT}`}`,
      );
    }
    t.passed(
      `no page above 100 items for ${above.map((a) => a.label).join(', ')} and the walk without a limit (${total} User Banks listed)`,
    );
  },
);

conformanceCheck(
  {
    id: 'pagination.limit.out-of-range-no-5xx',
    area: 'pagination',
    requirement: 'http.no-5xx',
    covers: ['list_user_banks.limit.range'],
    title: 'GET /user_banks with limit 0, 101, -1, 1.5, abc or empty is never answered with a 5xx',
  },
  async (t) => {
    for (const { value, exchange } of await outOfRangeAnswers(t)) {
      if (isServerError(exchange))
        t.fail(
          `GET /user_banks?limit=${value} was answered ${exchange.status}: a limit out of range is the client's error, never the server's`,
          { exchange, expected: 'a 4xx (or a capped page for 101)', actual: String(exchange.status) },
        );
      else t.passed();
    }
  },
);

conformanceCheck(
  {
    id: 'pagination.limit.out-of-range-4xx',
    area: 'pagination',
    requirement: 'conv.limit.4xx',
    title: 'GET /user_banks with limit 0, -1, 1.5, abc or empty is refused with a 4xx',
    description: 'GET /user_banks with limit 0, -1, 1.5, abc or empty is refused with a 4xx (101 may be refused or capped to 100)',
  },
  async (t) => {
    const judged: string[] = [];
    for (const { value, aboveMax, exchange } of await outOfRangeAnswers(t)) {
      if (isServerError(exchange)) continue; // pagination.limit.out-of-range-no-5xx reports it
      judged.push(value);
      if (isClientError(exchange)) {
        t.passed();
        continue;
      }
      if (aboveMax && isSuccess(exchange)) {
        t.passed(); // capping above 100 is legitimate; pagination.limit.max-100 judges the page size
        continue;
      }
      t.warn(
        `GET /user_banks?limit=${JSON.stringify(value)} was answered ${exchange.status}; a limit outside 1 to 100 is expected to be refused with a 4xx`,
        { exchange, expected: '4xx', actual: String(exchange.status) },
      );
    }
    if (judged.length === 0)
      return t.skip(
        'every out-of-range limit was answered with a 5xx (pagination.limit.out-of-range-no-5xx reports it), so there is no answer to judge',
      );
  },
);

// ---------------------------------------------------------------- cursors

const invalidCursorAnswers = once(
  async (t: Probe) => {
    const first = await t.request({ path: USER_BANKS, query: { limit: 1 } });
    const real = readEnvelope(first).nextCursor ?? undefined;
    const answers: Array<{ label: string; exchange: Exchange }> = [];
    for (const cursor of invalidCursors(real))
      answers.push({ label: cursor.label, exchange: await t.request({ path: USER_BANKS, query: { cursor: cursor.value } }) });
    return answers;
  },
  (answers) => answers.map((a) => a.exchange),
);

const cursorAnswers = invalidCursorAnswers;

conformanceCheck(
  {
    id: 'pagination.cursor.invalid-no-5xx',
    area: 'pagination',
    requirement: 'http.no-5xx',
    covers: ['list_user_banks.cursor'],
    title: 'GET /user_banks with a tampered or invented cursor is never answered with a 5xx',
  },
  async (t) => {
    for (const { label, exchange } of await cursorAnswers(t)) {
      if (isServerError(exchange))
        t.fail(
          `GET /user_banks with a cursor that is ${label} was answered ${exchange.status}: a bad cursor is the client's error, never the server's`,
          { exchange, expected: '4xx', actual: String(exchange.status) },
        );
      else t.passed();
    }
  },
);

conformanceCheck(
  {
    id: 'pagination.cursor.invalid-4xx',
    area: 'pagination',
    requirement: 'conv.cursor.4xx',
    title: 'GET /user_banks with a tampered or invented cursor is refused with a 4xx',
  },
  async (t) => {
    let judged = 0;
    for (const { label, exchange } of await cursorAnswers(t)) {
      if (isServerError(exchange)) continue; // pagination.cursor.invalid-no-5xx reports it
      judged += 1;
      if (isClientError(exchange)) t.passed();
      else
        t.warn(
          `GET /user_banks with a cursor that is ${label} was answered ${exchange.status}; a cursor the service never issued is expected to be refused with a 4xx`,
          { exchange, expected: '4xx', actual: String(exchange.status) },
        );
    }
    if (judged === 0)
      return t.skip(
        'every invalid cursor was answered with a 5xx (pagination.cursor.invalid-no-5xx reports it), so there is no answer to judge',
      );
  },
);

// ---------------------------------------------------------------- traversal

/**
 * A cursor is "a pointer to a place in the list" (2.4); the filters are the request's (4.2: "Keep
 * only User Banks with this status"). A server whose cursor carries its walk's filters and trusts
 * them lists the old filter's items under the new one. Refusing the mixed request is fine too.
 */
conformanceCheck(
  {
    id: 'pagination.cursor.other-filter',
    area: 'pagination',
    requirement: 'list_user_banks.status_filter',
    covers: ['list_user_banks.user_id_filter', 'list_user_banks.cursor'],
    title: 'A next_cursor sent with another filter lists nothing outside the filter sent',
    description:
      'A next_cursor of a walk filtered by one status (one user_id) sent with another status (user_id) lists nothing outside the filter sent (or is refused)',
  },
  async (t) => {
    const { data } = await totalAtLeast(t, ITEMS_FOR_TRAVERSAL);
    let tried = 0;
    for (const name of ['status', 'user_id'] as const) {
      const counts = new Map<string, number>();
      for (const item of data.reference.items) {
        const value = fieldOf(item, name);
        if (typeof value === 'string') counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      const byCount = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      const from = byCount.find(([, n]) => n >= 2)?.[0];
      const to = byCount.find(([value]) => value !== from)?.[0];
      if (from === undefined || to === undefined) continue;
      const first = await t.request({ path: USER_BANKS, query: { [name]: from, limit: 1 } });
      const { nextCursor } = readEnvelope(first);
      if (!isSuccess(first) || typeof nextCursor !== 'string') continue; // the filter checks judge this walk
      const replay = await t.request({ path: USER_BANKS, query: { [name]: to, cursor: nextCursor, limit: MAX_PAGE_SIZE } });
      tried += 1;
      if (!isSuccess(replay)) {
        t.passed();
        continue;
      }
      const { data: items } = readEnvelope(replay);
      const outside = (items ?? []).filter((item) => fieldOf(item, name) !== to);
      if (outside.length === 0) {
        t.passed();
        continue;
      }
      const example = outside[0];
      t.fail(
        `the next_cursor of GET /user_banks?${name}=${from} sent with ${name}=${to} was answered with ${outside.length} User Bank(s) whose ${name} is not ${to} (e.g. ${idsOf([example])[0] ?? 'an item'} with ${name} ${JSON.stringify(fieldOf(example, name))}): the filter sent was not applied`,
        {
          exchange: replay,
          expected: `only ${name} ${JSON.stringify(to)}, or a refusal`,
          actual: `${outside.length} item(s) with another ${name}`,
          requirements: [name === 'status' ? 'list_user_banks.status_filter' : 'list_user_banks.user_id_filter'],
        },
      );
    }
    if (tried === 0)
      t.skip(
        "needs two values of status or of user_id among the listed User Banks, one of them on at least 2 banks, to replay one walk's cursor with the other filter",
      );
  },
);

conformanceCheck(
  {
    id: 'pagination.envelope.every-page',
    area: 'pagination',
    requirement: 'list.envelope',
    covers: ['list.data', 'list.next_cursor'],
    title: 'Every page of every walk of GET /user_banks is a {data, next_cursor} envelope',
    description: 'Every page of every walk of GET /user_banks is an envelope with data (an array) and next_cursor (a string or null)',
  },
  async (t) => {
    const walks = await everyWalk(t);
    let pages = 0;
    for (const { label, result } of walks) {
      pages += result.pages.length;
      if (result.end === 'bad-envelope')
        t.fail(`walk with ${label}: ${result.detail}`, {
          ...pinned(result),
          expected: '{"data": [...], "next_cursor": string or null} on every page',
        });
      else t.passed();
    }
    t.passed(`${pages} pages in ${walks.length} walks, each an envelope`);
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.ends',
    area: 'pagination',
    requirement: 'list.next_cursor',
    title: 'Every walk of GET /user_banks ends with next_cursor null within its page cap',
    description:
      'Every walk of GET /user_banks ends with next_cursor null within its page cap (no loop, no endless cursor, at most one empty last page)',
  },
  async (t) => {
    const walks = await everyWalk(t);
    const createdMeanwhile = createdSinceListData(t);
    const unjudged: string[] = [];
    let ended = 0;
    for (const { label, result } of walks) {
      switch (result.end) {
        case 'complete':
          ended += 1;
          t.passed();
          break;
        case 'page-cap': {
          // A list larger than the cap and a cursor that never ends look alike until an item comes back.
          const repeated = duplicatesIn(result).length;
          if (repeated === 0) {
            unjudged.push(
              `${label}: ${result.detail} without listing any item twice, so the list may simply be larger than the suite walks`,
            );
            break;
          }
          // Items come back too when the cursor is an offset and the list grows before its place faster
          // than the walk reads (spec 2.4 leaves the cursor's form open): the same rule as no-duplicates.
          const added = await createdMeanwhile();
          if (repeated <= added) {
            unjudged.push(
              `${label}: ${result.detail}, its ${repeated} id(s) listed twice no more than the ${added} User Bank(s) created meanwhile, so the list may have grown before its place faster than the walk read it`,
            );
            break;
          }
          t.fail(`the walk with ${label} never reached next_cursor null: ${result.detail}, listing items again and again`, {
            ...pinned(result),
            expected: 'next_cursor null on the last page',
            actual: result.end,
          });
          break;
        }
        case 'repeated-cursor':
        case 'empty-page-loop':
          t.fail(`the walk with ${label} never reached next_cursor null: ${result.detail}`, {
            ...pinned(result),
            expected: 'next_cursor null on the last page',
            actual: result.end,
          });
          break;
        case 'time-cap':
        case 'outgrown':
          unjudged.push(`${label}: ${result.detail}`);
          break;
        default:
          unjudged.push(`${label}: ${result.end}, judged by other checks`);
      }
    }
    if (ended === 0 && unjudged.length > 0) return t.inconclusive(`no walk could be judged (${unjudged.join('; ')})`);
    t.passed(
      `${ended} of ${walks.length} walks ended with next_cursor null${unjudged.length > 0 ? ` (not judged: ${unjudged.join('; ')})` : ''}`,
    );
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.no-duplicates',
    area: 'pagination',
    requirement: 'list_user_banks.cursor',
    covers: ['user_bank.id'],
    title: 'No walk of GET /user_banks lists a User Bank id twice',
  },
  async (t) => {
    const walks = await everyWalk(t);
    const createdMeanwhile = createdSinceListData(t);
    for (const { label, result } of walks) {
      const duplicates = duplicatesIn(result);
      if (duplicates.length === 0) {
        t.passed();
        continue;
      }
      // One instant: a cursor that is an offset shifts by one item for every item added before its place
      // while the walk reads, so it shows that many items twice (spec 2.4 leaves the cursor's form open).
      // Repeats no more than the User Banks created meanwhile are explained by them; more are the server's.
      const added = await createdMeanwhile();
      if (duplicates.length <= added) {
        t.passed(
          `the walk with ${label} listed ${duplicates.length} id(s) twice while ${added} User Bank(s) were created meanwhile: explained by items added before its place`,
        );
        continue;
      }
      const shown = duplicates.slice(0, 3).map((d) => `${d.id} on pages ${d.pages.join(' and ')}`);
      t.fail(
        `the walk with ${label} lists ${duplicates.length} User Bank id(s) more than once: ${shown.join('; ')}${duplicates.length > 3 ? '; ...' : ''}${added > 0 ? ` (only ${added} were created meanwhile)` : ''}`,
        {
          ...pinned(result),
          expected: 'each id once',
          actual: `${duplicates.length} repeated id(s)`,
        },
      );
    }
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.complete',
    area: 'pagination',
    requirement: 'list_user_banks.cursor',
    title: 'Walks at small limits list exactly the User Banks of a walk at limit=100',
    description:
      'Walking GET /user_banks with small limits lists exactly the User Banks of a walk at limit=100: nothing lost at a page boundary, nothing extra',
  },
  async (t) => {
    const { data, total } = await totalAtLeast(t, ITEMS_FOR_TRAVERSAL);
    const expected = new Set(idsOf(data.reference.items));
    if ((await smallLimits(t, total)).length === 0) {
      return t.skip(
        `the list holds ${total} User Banks: a walk at any limit below 100 would take more than ${data.smallWalkPages} pages, the most one walk may take on this target`,
      );
    }
    const unjudged: string[] = [];
    const walks = await smallWalks(t, total);
    const comparedUntil = Date.now();
    for (const { label, result } of walks) {
      const seen = idsOf(result.items);
      // Another writer may have changed the list between the walks: judge what existed throughout.
      const { lost, extra, untold, why } = await existedThroughout(
        t,
        { path: USER_BANKS },
        { first: data.reference, later: result },
        { extra: difference(new Set(seen), expected), lost: result.end === 'complete' ? difference(expected, new Set(seen)) : [] },
        comparedUntil,
      );
      if (untold.length > 0) unjudged.push(`${label}: ${untold.length} User Bank(s) listed by one walk only could not be weighed (${why})`);
      if (lost.length > 0) {
        const pageSize = result.pages[0]?.itemCount ?? 0;
        t.fail(
          `the walk with ${label} (${result.pages.length} pages) never lists ${lost.length} of the ${total} User Banks of the walk at limit=100: ${sample(lost)}`,
          {
            expected: `${total} ids`,
            actual: `${new Set(seen).size} ids${pageSize > 0 ? `, pages of ${pageSize}` : ''}`,
          },
        );
      }
      if (extra.length > 0)
        t.fail(`the walk with ${label} lists ${extra.length} User Bank(s) the walk at limit=100 does not: ${sample(extra)}`, {
          expected: 'the same ids as at limit=100',
          actual: `${extra.length} extra`,
        });
      if (result.end !== 'complete') unjudged.push(`${label} ended with ${result.end}`);
      else if (lost.length === 0 && extra.length === 0 && untold.length === 0) t.passed();
    }
    if (unjudged.length > 0)
      return t.inconclusive(
        `cannot tell whether items were lost: ${unjudged.join('; ')} (pagination.traversal.ends and pagination.limit.honoured report why)`,
      );
    t.passed(
      `walks at ${(await smallLimits(t, total)).map((k) => `limit=${k}`).join(', ')} each list the same ${total} User Banks as the walk at limit=100`,
    );
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.repeatable',
    area: 'pagination',
    requirement: 'list_user_banks.cursor',
    title: 'Two walks at limit=100 with nothing written between list the same User Banks',
    description: 'Two walks of GET /user_banks at limit=100 with nothing written between them list the same User Banks',
  },
  async (t) => {
    const { data, total } = await totalAtLeast(t, 1);
    const again = await repeatWalk(t, total);
    if (again.result.end !== 'complete')
      return t.inconclusive(
        `the second walk at limit=100 ended with ${again.result.end} (${again.result.detail}); pagination.traversal.ends reports it`,
      );
    const first = new Set(idsOf(data.reference.items));
    const second = new Set(idsOf(again.result.items));
    // Another writer may have changed the list between the walks: judge what existed throughout.
    const {
      lost: gone,
      extra: added,
      untold,
      why,
    } = await existedThroughout(
      t,
      { path: USER_BANKS },
      { first: data.reference, later: again.result },
      { lost: difference(first, second), extra: difference(second, first) },
      Date.now(),
    );
    if (gone.length > 0 || added.length > 0) {
      t.fail(
        `two walks at limit=100 with nothing written between them differ: ${gone.length} User Bank(s) only in the first${gone.length ? ` (${sample(gone, 3)})` : ''}, ${added.length} only in the second${added.length ? ` (${sample(added, 3)})` : ''}`,
        {
          expected: `the same ${first.size} ids`,
          actual: `${second.size} ids`,
        },
      );
      return;
    }
    if (untold.length > 0)
      return t.inconclusive(
        `${untold.length} User Bank(s) listed by one of the two walks only could not be weighed: no walk afterwards reached the end (${why})`,
      );
    t.passed(`both walks list the same ${first.size} User Banks`);
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.mixed-limits',
    area: 'pagination',
    requirement: 'list_user_banks.cursor',
    title: 'A walk whose limit changes page by page lists the User Banks of a walk at limit=100',
    description:
      'Following next_cursor with a limit drawn anew for every page (1 to 100, from the seed) lists exactly the User Banks of a walk at limit=100, each once, to the end: a cursor points to a place in the list, whatever limit comes with it',
  },
  async (t) => {
    const { data, total } = await totalAtLeast(t, ITEMS_FOR_TRAVERSAL);
    if (!mixedWalkFits(total, data))
      return t.skip(
        `the list holds ${total} User Banks: a walk at pages of about ${MIXED_MEAN_PAGE_SIZE} would take more than ${data.smallWalkPages} pages, the most one walk may take on this target`,
      );
    const { result } = await mixedWalk(t, total);
    const sizes = result.pages.map((p) => p.askedLimit ?? '?').join(', ');
    if (result.end !== 'complete')
      return t.inconclusive(
        `the walk with a limit drawn anew for every page ended with ${result.end} (${result.detail}); pagination.traversal.ends reports it`,
      );
    const seen = idsOf(result.items);
    const expected = new Set(idsOf(data.reference.items));
    // Another writer may have changed the list between the walks: judge what existed throughout.
    const { lost, extra, untold, why } = await existedThroughout(
      t,
      { path: USER_BANKS },
      { first: data.reference, later: result },
      { lost: difference(expected, new Set(seen)), extra: difference(new Set(seen), expected) },
      Date.now(),
    );
    const repeated = duplicatesIn(result);
    const shown = `${result.pages.length} pages of limits ${sizes.length > 120 ? `${sizes.slice(0, 120)}...` : sizes}`;
    if (lost.length > 0)
      t.fail(
        `the walk with a limit drawn anew for every page (${shown}) never lists ${lost.length} of the ${total} User Banks of the walk at limit=100: ${sample(lost)}`,
        { ...pinned(result), expected: `${total} ids`, actual: `${new Set(seen).size} ids` },
      );
    if (extra.length > 0)
      t.fail(
        `the walk with a limit drawn anew for every page (${shown}) lists ${extra.length} User Bank(s) the walk at limit=100 does not: ${sample(extra)}`,
        {
          ...pinned(result),
          expected: 'the same ids as at limit=100',
          actual: `${extra.length} extra`,
        },
      );
    if (repeated.length > 0) {
      const added = await createdSinceListData(t)();
      if (repeated.length > added)
        t.fail(
          `the walk with a limit drawn anew for every page (${shown}) lists ${repeated.length} User Bank id(s) more than once: ${repeated
            .slice(0, 3)
            .map((d) => `${d.id} on pages ${d.pages.join(' and ')}`)
            .join('; ')}`,
          { ...pinned(result), expected: 'each id once', actual: `${repeated.length} repeated id(s)` },
        );
    }
    if (untold.length > 0 && lost.length === 0 && extra.length === 0)
      return t.inconclusive(
        `${untold.length} User Bank(s) listed by one of the walks only could not be weighed: no walk afterwards reached the end (${why})`,
      );
    if (lost.length === 0 && extra.length === 0)
      t.passed(`the walk with a limit drawn anew for every page (${shown}) lists the same ${total} User Banks as the walk at limit=100`);
  },
);

// ---------------------------------------------------------------- filters

/** The filtered walks of a filter's planned values (shared by the checks of the filter), one after another. */
async function walkEachFilterValue(t: Probe, name: FilterName): Promise<{ data: ListData; walks: (NamedWalk & { plan: FilterPlan })[] }> {
  const { data, total } = await totalAtLeast(t, 1);
  const plans = filterPlans(t, data, name);
  if (plans.length === 0) t.skip(`no listed User Bank carries a ${name} string to filter by`);
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
            ...pinned(result),
            expected: `${name} ${JSON.stringify(plan.value)} on every page`,
            actual: JSON.stringify(value),
          },
        );
      });
      if (wrongPages.size === 0) {
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
    const { data, walks } = await walkEachFilterValue(t, name);
    const notes: string[] = [];
    const unfinished: string[] = [];
    for (const { plan, label, result } of walks) {
      // Evidence first: an item a filtered page shows that the unfiltered list lacks is judged even on a
      // walk that did not end; only what the walk left out needs its end.
      const complete = result.end === 'complete';
      if (!complete)
        unfinished.push(`the walk with ${label} ended with ${result.end} (${result.detail}); pagination.traversal.ends reports it`);
      const listed = new Set(idsOf(result.items));
      const expected = new Set(plan.expected);
      // Another writer may have changed the list between the walks: judge what existed throughout.
      const {
        lost: missing,
        extra: notInList,
        untold,
        why,
      } = await existedThroughout(
        t,
        { path: USER_BANKS },
        { first: data.reference, later: result },
        { lost: complete ? difference(expected, listed) : [], extra: difference(listed, new Set(idsOf(data.reference.items))) },
        Date.now(),
      );
      if (untold.length > 0)
        unfinished.push(
          `${label}: ${untold.length} User Bank(s) listed by one walk only could not be weighed (no walk afterwards reached the end: ${why})`,
        );
      if (missing.length > 0) {
        t.fail(
          `the walk with ${label} leaves out ${missing.length} of the ${expected.size} User Banks that the unfiltered list shows with ${name} ${plan.value}: ${sample(missing)}`,
          { ...pinned(result), expected: `${expected.size} ids`, actual: `${listed.size} ids` },
        );
      }
      if (notInList.length > 0)
        t.fail(`the walk with ${label} lists ${notInList.length} User Bank(s) the unfiltered list does not hold: ${sample(notInList)}`, {
          expected: 'a subset of the unfiltered list',
          actual: `${notInList.length} unknown id(s)`,
        });
      if (complete && missing.length === 0 && notInList.length === 0 && untold.length === 0) {
        notes.push(`${name}=${plan.value}: the same ${expected.size} User Banks as the unfiltered list filtered by the client`);
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
  t.fail(
    `GET /user_banks?${name}=${value} (${why}) lists ${wrong.length} User Bank(s) whose ${name} is not exactly ${JSON.stringify(value)}, e.g. ${idsOf([example])[0] ?? 'one'} with ${name} ${JSON.stringify(fieldOf(example, name))}`,
    {
      ...pinned(result),
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
    const listed = new Set(data.reference.items.map((item) => fieldOf(item, 'user_id')).filter((v): v is string => typeof v === 'string'));
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
