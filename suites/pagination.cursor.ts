/**
 * GET /user_banks's cursor (spec 2.4, 4.2): a cursor the service never issued is refused, never a
 * 5xx, and a next_cursor sent with another filter lists only what the filter sent keeps. Part of the
 * pagination suite (suites/pagination.limit.ts says why it is one).
 */
import { isClientError, isServerError, isSuccess, type Exchange } from '../src/http/exchange.js';
import { invalidCursors } from '../src/methods/pagination/bad-inputs.js';
import { fieldOf, idsOf } from '../src/methods/pagination/ids.js';
import { callersWholeList, totalAtLeast } from '../src/methods/pagination/list-data.js';
import { ITEMS_FOR_TRAVERSAL, USER_BANKS } from '../src/methods/pagination/plan.js';
import { once } from '../src/methods/pagination/shared-walks.js';
import { MAX_PAGE_SIZE, readEnvelope } from '../src/methods/pagination/walker.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

// The suite of suites/pagination.limit.ts, whose first check readies the list: see there.
inSuite('pagination', 'reads');

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
      // The values are taken from the caller's whole list as far as it was read, when it was read in part.
      for (const item of callersWholeList(data).items) {
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
