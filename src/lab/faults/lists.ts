import { cursorScope, withStatus } from './kit.js';
import { firstPageCache, keyWithoutUserId, lastOfList, lapped, unlap } from './list-kit.js';
import type { Fault } from './types.js';

/**
 * Faults of the list operations (spec 2.3, 2.4, 4.2, 4.3, 8): the ways real implementations break
 * paging, limits and filters, each as modifiers at the list and rfp hook points (hooks.ts).
 */
export const listsFaults = [
  {
    name: 'page-boundary-skip',
    description: 'A page after a cursor starts one item too late: the first item after every page boundary is lost',
    breaks: 'list_user_banks.cursor',
    caughtBy: 'pagination.traversal.complete',
    bends: { 'list.start': (start, scene) => Math.min(scene.rows.length, start + 1) },
  },
  {
    name: 'page-boundary-repeat',
    description: 'A page after a cursor starts one item too early: the last item of every page comes again on the next',
    breaks: 'list_user_banks.cursor',
    caughtBy: 'pagination.traversal.no-duplicates',
    bends: { 'list.start': (start) => Math.max(0, start - 1) },
  },
  {
    name: 'cursor-never-ends',
    description: 'The last page answers a fresh next_cursor that starts the list over, instead of null, forever',
    breaks: 'list.next_cursor',
    caughtBy: 'pagination.traversal.ends',
    bends: {
      'list.query': (query, scene) => {
        const { cursor, lap } = unlap(query.cursor);
        scene.notes.set('lap', lap);
        return { ...query, cursor };
      },
      'list.answer': (answer, scene) => ({
        ...answer,
        body: { ...answer.body, next_cursor: lapped(answer.body.next_cursor, Number(scene.notes.get('lap') ?? 0)) },
      }),
    },
  },
  {
    name: 'last-page-next-cursor-missing',
    description: 'The last page of GET /user_banks leaves the next_cursor member out instead of answering null',
    breaks: 'list.envelope',
    caughtBy: 'pagination.envelope.every-page',
    bends: {
      'list.answer': (answer) => {
        if (answer.body.next_cursor === null) delete answer.body.next_cursor;
        return answer;
      },
    },
  },
  {
    name: 'empty-list-data-null',
    description: 'GET /user_banks answers data: null instead of an empty array when nothing matches',
    breaks: 'list.data',
    caughtBy: 'user-banks.list.envelope-empty',
    bends: { 'list.answer': (answer, scene) => (scene.rows.length === 0 ? { ...answer, body: { ...answer.body, data: null } } : answer) },
  },
  {
    name: 'limit-ignored',
    description: 'GET /user_banks accepts limit but always answers pages of 100',
    breaks: 'list_user_banks.limit.range',
    caughtBy: 'pagination.limit.honoured',
    bends: { 'list.limit': (limit) => (typeof limit === 'number' ? Math.max(limit, 100) : limit) },
  },
  {
    name: 'limit-above-100-honoured',
    description: 'GET /user_banks honours a limit above 100 (limit=101 gives 101 items on a page)',
    breaks: 'list_user_banks.limit.maximum',
    caughtBy: 'pagination.limit.max-100',
    bends: {
      'list.limit': (limit, scene) =>
        /^\d{1,9}$/.test(scene.raw ?? '') && Number(scene.raw) > 100 ? Math.min(Number(scene.raw), 1_000) : limit,
    },
  },
  {
    name: 'default-page-size-50',
    description: 'GET /user_banks without a limit answers pages of 50 instead of the default 100',
    breaks: 'list_user_banks.limit.default',
    caughtBy: 'pagination.limit.default',
    bends: { 'list.limit': (limit, scene) => (scene.raw === null ? 50 : limit) },
  },
  {
    name: 'status-filter-ignored',
    description: 'GET /user_banks ignores the status filter and lists every status',
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'pagination.filter.status.every-page',
    bends: { 'list.filters': (applied) => ({ ...applied, status: null }) },
  },
  {
    name: 'user-id-filter-first-page-only',
    description: 'GET /user_banks applies the user_id filter on the first page only; pages after a cursor list every user',
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'pagination.filter.user-id.every-page',
    bends: { 'list.filters': (applied, scene) => (scene.query.cursor !== undefined ? { ...applied, userId: null } : applied) },
  },
  {
    name: 'cursor-trusted-filter',
    description:
      'GET /user_banks takes the filters of a page after a cursor from the cursor, not from the request: a cursor of a status=X walk sent with status=Y lists X',
    breaks: 'list_user_banks.status_filter',
    alsoBreaks: ['list_user_banks.user_id_filter'],
    caughtBy: 'pagination.cursor.other-filter',
    bends: {
      'list.query': (query, scene) => {
        const scope = cursorScope(scene.state, query.cursor);
        return scope === undefined ? query : { ...query, userId: scope.userId, status: scope.status };
      },
    },
  },
  {
    name: 'user-id-filter-prefix-match',
    description:
      "GET /user_banks matches user_id as a prefix (LIKE 'value%'): a value that is only the start of a real id lists that User's banks",
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'pagination.filter.user-id.near-miss',
    bends: {
      // A LIKE 'value%' query: a value close to a real id lists that User's banks.
      'list.rows': (rows, { pool, applied }) => {
        const { userId, status } = applied;
        return userId === null ? rows : pool.filter((b) => b.user_id.startsWith(userId) && (status === null || b.status === status));
      },
    },
  },
  {
    name: 'status-filter-unknown-ignored',
    description: 'GET /user_banks drops a status filter whose value it does not know and lists every status, instead of matching nothing',
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'pagination.filter.status.unknown-value',
    bends: {
      // A status the code has no constant for drops the filter instead of matching nothing.
      'list.filters': (applied) =>
        applied.status !== null && !['active', 'inactive'].includes(applied.status) ? { ...applied, status: null } : applied,
    },
  },
  {
    name: 'user-id-filter-cache-key',
    description:
      "GET /user_banks caches the first page of a user_id-filtered listing under a key without the user_id: the next User filtered at the same limit gets the first User's page",
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'pagination.filter.user-id.every-page',
    bends: {
      'list.instead': (instead, scene) => {
        const key = keyWithoutUserId(scene);
        return instead ?? (key === undefined ? undefined : firstPageCache(scene.state).get(key));
      },
      'list.answer': (answer, scene) => {
        const key = keyWithoutUserId(scene);
        if (key !== undefined) firstPageCache(scene.state).set(key, answer);
        return answer;
      },
    },
  },
  {
    name: 'bad-limit-500',
    description: 'GET /user_banks answers 500 to a limit that is not a whole number from 1 to 100',
    breaks: 'http.no-5xx',
    caughtBy: 'pagination.limit.out-of-range-no-5xx',
    bends: { 'list.refusal': (refusal, scene) => (scene.reason === 'limit' ? withStatus(500)(refusal) : refusal) },
  },
  {
    name: 'bad-cursor-500',
    description: 'GET /user_banks answers 500 to a cursor it never issued',
    breaks: 'http.no-5xx',
    caughtBy: 'pagination.cursor.invalid-no-5xx',
    bends: { 'list.refusal': (refusal, scene) => (scene.reason === 'cursor' ? withStatus(500)(refusal) : refusal) },
  },
  {
    name: 'rfp-use-case-outside-enum',
    description: 'The last RfP Registration carries use_case "request_to_pay", a value outside the closed enum',
    breaks: 'rfp_registration.use_case',
    caughtBy: 'rfp-registrations.list.use-case-enum',
    bends: {
      'rfp.answer': (answer, scene) => {
        const last = lastOfList(answer.body, scene.ordered);
        if (last) last.use_case = 'request_to_pay';
        return answer;
      },
    },
  },
  {
    name: 'rfp-field-missing',
    description: 'The last RfP Registration leaves out created_at, one of the four required fields',
    breaks: 'rfp_registration.required',
    caughtBy: 'rfp-registrations.list.fields',
    bends: {
      'rfp.answer': (answer, scene) => {
        const last = lastOfList(answer.body, scene.ordered);
        if (last) delete last.created_at;
        return answer;
      },
    },
  },
] as const satisfies readonly Fault[];
