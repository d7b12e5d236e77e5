import type { Answer, ListBody, PagedListScene } from '../hooks.js';
import { errorAnswer, jsonAnswer } from '../http-util.js';
import { serializeBank } from '../serialize.js';
import { lastOfList } from './list-kit.js';
import type { Fault } from './types.js';

/**
 * List defects that leave every page well-formed but the list wrong: a filter that narrows too much
 * or not at all, an order that is not stable, an RfP list that repeats or never ends. Modifiers at
 * the list and rfp hook points (hooks.ts).
 */
export const listCompletenessFaults = [
  {
    name: 'user-id-filter-unknown-ignored',
    description:
      'GET /user_banks drops a user_id filter that names no User of the caller (the lookup misses, the filter is skipped) and lists every User Bank',
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'user-banks.list.filter-no-match',
    bends: {
      'list.filters': (applied, scene) =>
        applied.userId !== null && !scene.query.caller.users.some((u) => u.id === applied.userId) ? { ...applied, userId: null } : applied,
    },
  },
  {
    name: 'user-id-filter-active-only',
    description:
      'GET /user_banks?user_id=X also keeps only active User Banks (the query reuses a scope with status = active), so the inactive banks of that User are missing',
    breaks: 'list_user_banks.user_id_filter',
    caughtBy: 'pagination.filter.user-id.complete',
    bends: {
      // A scope reused with status = active.
      'list.rows': (rows, scene) => (scene.applied.userId !== null ? rows.filter((b) => b.status === 'active') : rows),
    },
  },
  {
    name: 'status-filter-verified-only',
    description:
      'GET /user_banks?status=X also requires verification_status verified (an inner join on verifications), so User Banks pending verification are missing',
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'pagination.filter.status.complete',
    bends: {
      // An inner join on verifications.
      'list.rows': (rows, scene) => (scene.applied.status !== null ? rows.filter((b) => b.verification_status === 'verified') : rows),
    },
  },
  {
    name: 'list-hides-inactive',
    description:
      'GET /user_banks without a status filter leaves inactive User Banks out (a product default "hide closed accounts" in the WHERE), while ?status=inactive still lists them',
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'sequences.views.agree',
    bends: {
      // The default scope applies only when no status was asked.
      'list.rows': (rows, scene) => (scene.applied.status === null ? rows.filter((b) => b.status !== 'inactive') : rows),
    },
  },
  {
    name: 'list-order-not-unique',
    description:
      'GET /user_banks orders by status only and pages by offset: the User Banks of one status come back in a different order on each query, so two walks list different sets',
    breaks: 'list_user_banks.cursor',
    caughtBy: 'pagination.traversal.repeatable',
    bends: { 'list.instead': (instead, scene) => instead ?? offsetPageInUnstableOrder(scene) },
  },
  {
    name: 'cursor-page-number',
    description:
      'GET /user_banks answers a next_cursor that is the next page number and starts that page at page x the limit of the request that carries it: a walk that keeps one limit is right, one whose limit changes skips or repeats User Banks',
    breaks: 'list_user_banks.cursor',
    caughtBy: 'pagination.traversal.mixed-limits',
    bends: { 'list.instead': (instead, scene) => instead ?? pageNumberPage(scene) },
  },
  {
    name: 'rfp-cursor-ignored',
    description:
      'GET /rfp_registrations answers a next_cursor (paging code shared with the banks list) but ignores the cursor parameter, so following it returns the first page again, forever',
    breaks: 'list_rfp_registrations.all',
    caughtBy: 'rfp-registrations.list.walk',
    bends: {
      // The cursor parameter is never read, yet every page points onward.
      'rfp.cursor': () => undefined,
      'rfp.answer': (answer) => ({ ...answer, body: { ...answer.body, next_cursor: 'page-2' } }),
    },
  },
  {
    name: 'rfp-status-outside-enum',
    description: 'The last RfP Registration carries status "expired", a value outside the complete set pending, active, inactive',
    breaks: 'rfp_registration.status',
    caughtBy: 'rfp-registrations.list.status-enum',
    bends: {
      'rfp.answer': (answer, scene) => {
        const last = lastOfList(answer.body, scene.ordered);
        if (last) last.status = 'expired';
        return answer;
      },
    },
  },
  {
    name: 'rfp-operator-status-passed-through',
    description:
      'GET /rfp_registrations passes the network operator\'s own status through for a registration the operator suspended: "suspended", a fourth state beside pending, active and inactive',
    breaks: 'rfp_registration.states',
    alsoBreaks: ['rfp_registration.status'],
    caughtBy: 'rfp-registrations.list.status-enum',
    bends: {
      // The status is copied from the operator's record, whose states are not the API's three.
      'rfp.answer': (answer) => {
        const first = answer.body.data?.[0];
        if (first !== undefined) first.status = 'suspended';
        return answer;
      },
    },
  },
  {
    name: 'rfp-registration-listed-twice',
    description:
      'GET /rfp_registrations joins registrations with the networks they are enabled on, so the first registration (enabled on two) is listed twice',
    breaks: 'rfp_registration.id',
    caughtBy: 'rfp-registrations.list.unique-ids',
    bends: {
      // A join with the networks repeats the first registration.
      'rfp.answer': (answer) => {
        const first = answer.body.data?.[0];
        if (first !== undefined) answer.body.data?.push({ ...first });
        return answer;
      },
    },
  },
] as const satisfies readonly Fault[];

/**
 * ORDER BY status (not unique) with OFFSET paging: the rows of one status come back in whatever order
 * each query happens to give them (here: shuffled per request).
 */
/** A page of a list whose cursor is a page number (`page-3`), the offset worked out with the limit of the request at hand. */
function pageNumberPage(scene: PagedListScene): Answer {
  const { cursor } = scene.query;
  const { variation } = scene.state;
  const page = cursor === undefined ? 0 : /^page-\d{1,9}$/.test(cursor) ? Number(cursor.slice('page-'.length)) : undefined;
  if (page === undefined)
    return errorAnswer(variation, variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
  const offset = page * scene.limit;
  const items = scene.rows.slice(offset, offset + scene.limit);
  const body: ListBody = {
    data: items.map((b) => serializeBank(b, scene.state, 'list')),
    next_cursor: offset + items.length < scene.rows.length ? `page-${page + 1}` : null,
  };
  return jsonAnswer(200, body);
}

function offsetPageInUnstableOrder(scene: PagedListScene): Answer {
  const { cursor } = scene.query;
  const { variation } = scene.state;
  const offset = cursor === undefined ? 0 : /^\d{1,9}$/.test(cursor) ? Number(cursor) : undefined;
  if (offset === undefined)
    return errorAnswer(variation, variation.badInputStatus, 'invalid_cursor', 'the cursor is not one this service issued');
  const keyed = scene.rows.map((row) => ({ row, tie: Math.random() }));
  keyed.sort((a, b) => a.row.status.localeCompare(b.row.status) || a.tie - b.tie);
  const items = keyed.slice(offset, offset + scene.limit).map((k) => k.row);
  const end = offset + items.length;
  const body: ListBody = {
    data: items.map((b) => serializeBank(b, scene.state, 'list')),
    next_cursor: end < scene.rows.length ? String(end) : null,
  };
  return jsonAnswer(200, body);
}
