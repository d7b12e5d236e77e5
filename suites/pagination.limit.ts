/**
 * GET /user_banks's limit (spec 4.2, 8): the page size without one, at most 100 whatever is asked,
 * what a page holds at a limit in range, and limits out of range refused, never a 5xx.
 *
 * The first file of the pagination suite (its cursor, traversal and filter files follow, in that order,
 * in suites/index.ts). Its first check is sequential: it counts the list and, when there are too few User
 * Banks, creates them (within --max-writes) before any walk starts; after it, the suite only reads, so
 * every walk of its four files sees the same list.
 */
import { isClientError, isServerError, isSuccess, type Exchange } from '../src/http/exchange.js';
import { ABOVE_MAX_LIMITS, OUT_OF_RANGE_LIMITS } from '../src/methods/pagination/bad-inputs.js';
import { difference, idsOf, sample } from '../src/methods/pagination/ids.js';
import { callersWholeList, listData, totalAtLeast } from '../src/methods/pagination/list-data.js';
import { pinned, pinnedPage, smallWalks, walkWithoutLimit, type NamedWalk } from '../src/methods/pagination/named-walks.js';
import { ITEMS_FOR_DEFAULT, ITEMS_FOR_TRAVERSAL, USER_BANKS } from '../src/methods/pagination/plan.js';
import { once } from '../src/methods/pagination/shared-walks.js';
import { idsAfter, stillThere } from '../src/methods/pagination/stable-items.js';
import { MAX_PAGE_SIZE, readEnvelope, type PageRecord } from '../src/methods/pagination/walker.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

// One suite in four files: --shard deals suites, so the four stay in one part, where this file's first
// check readies the list before any walk of theirs (and their shared walks are walked once).
inSuite('pagination', 'reads');

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
    // The page is of the caller's whole list: it is held against the walk of that list, read to its
    // end or as far as the run read it (list-data.ts).
    const whole = callersWholeList(data);
    if (more) {
      return t.passed(
        `without a limit the first page holds 100 User Banks and points to more (the caller's list held ${data.whole ? `more than ${whole.items.length}` : data.total} when walked${data.created > 0 ? `; the suite created ${data.created} to have more than 100` : ''})`,
      );
    }
    if (data.whole === undefined && data.total === undefined)
      return t.inconclusive(
        `the first page holds ${items.length} items and says it is the last, but the list's size is unknown: the walk at limit=100 ended with ${data.reference.end} (${data.reference.detail})`,
      );
    // The page says it is the whole list: every User Bank the earlier walk listed and still listed after must be on it.
    const onPage = new Set(idsOf(items));
    let left = difference(new Set(idsOf(whole.items)), onPage);
    if (left.length > 0) {
      const weighed = stillThere(
        left,
        await idsAfter(t, { path: USER_BANKS, ...(data.whole ? { maxPages: data.whole.pages.length + 3 } : {}) }, Date.now()),
      );
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
      ...pinnedPage(result, over.index),
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
    const data = await listData(t);
    judgeWalkAnswers(t, { label: 'limit=100', limit: 100, result: data.reference });
    if (data.whole) judgeWalkAnswers(t, { label: "limit=100 on the caller's whole list", limit: 100, result: data.whole });
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
    // The answers above are of the caller's whole list, which may hold more than the list walked without a limit.
    const data = await listData(t);
    const most = Math.max(total, callersWholeList(data).items.length);
    if (most < ITEMS_FOR_DEFAULT) {
      return t.skip(
        `no answer held more than 100 items, but the list holds only ${total} User Banks so none could: ${data.shortfall ?? `needs ${ITEMS_FOR_DEFAULT}`}`,
      );
    }
    t.passed(
      `no page above 100 items for ${above.map((a) => a.label).join(', ')} (the caller's whole list, ${data.whole ? `more than ${most}` : most} User Banks) and the walk without a limit on ${data.onList} (${total} User Banks listed)`,
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
