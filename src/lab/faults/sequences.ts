import type { BankRecord, Caller, RfpRecord } from '../model.js';
import type { Fault } from './types.js';

/**
 * Defects only a sequence of operations shows (issue 29): a view that is right on its own and right
 * against the others at one moment, and wrong after a write.
 */
export const sequenceFaults = [
  {
    name: 'unfiltered-list-snapshot',
    description:
      'GET /user_banks without a filter reads a materialised view built at the first such listing and never refreshed, while the filtered listings read the table: a bank created afterwards is listed by user_id and by status, never in the unfiltered list',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'sequences.caller-data.agrees',
    bends: {
      'list.pool': (pool, { state, query }) => {
        if (query.userId !== null || query.status !== null) return pool;
        const upTo = snapshots.get(state) ?? Math.max(0, ...state.callers.flatMap((c) => c.banks.map((b) => b.seq)));
        snapshots.set(state, upTo);
        return pool.filter((b: BankRecord) => b.seq <= upTo);
      },
    },
  },
  {
    name: 'recent-creations-shown-to-every-caller',
    description:
      'GET /user_banks?status=... merges a "recently activated" cache, kept for the whole service rather than per business, into the first page of any caller: for a few seconds after a creation, another business filtering by status sees the new bank',
    breaks: 'tenant.isolation',
    caughtBy: 'sequences.caller-data.agrees',
    bends: {
      'create.kept': (kept, { state, bank }) => {
        recent.set(state, [...(recent.get(state) ?? []), { bank, at: Date.now() }]);
        return kept;
      },
      'list.rows': (rows, { state, query }) => {
        if (query.cursor !== undefined || query.status === null) return rows;
        const fresh = (recent.get(state) ?? [])
          .filter((r) => Date.now() - r.at < RECENT_MS && r.bank.status === query.status)
          .map((r) => r.bank);
        return [...fresh.filter((b) => !rows.includes(b)), ...rows];
      },
    },
  },
  {
    name: 'business-held-across-await',
    description:
      "The create handler keeps the authenticated business in a module variable set when a request arrives and read after the body is awaited: when another business's create arrives meanwhile, the bank is filed under that other business (the answer still says 201 with the bank), so its own business never lists it",
    breaks: 'create_user_bank.persisted',
    caughtBy: 'sequences.caller-data.agrees',
    bends: {
      'create.arrived': (arrived, { state, caller }) => {
        currentBusiness.set(state, caller);
        // The body is read after an await: the window in which another request can arrive.
        return arrived.then(() => new Promise((resolve) => setTimeout(resolve, AWAIT_MS)));
      },
      'create.kept': (kept, { state, caller, bank }) => {
        const current = currentBusiness.get(state);
        if (!kept || current === undefined || current === caller) return kept;
        current.banks.push(bank);
        return false;
      },
    },
  },
  {
    name: 'account-deduped-across-businesses',
    description:
      "The store keeps one row per bank account (a unique key on routing and account number across every business): a create for an account another business already linked answers that business's bank, stores nothing",
    breaks: 'tenant.isolation',
    caughtBy: 'sequences.caller-data.agrees',
    bends: {
      'create.kept': (kept, { state, caller, bank, notes }) => {
        const existing = state.callers
          .filter((c) => c !== caller)
          .flatMap((c) => c.banks)
          .find((b) => b.account_number === bank.account_number && b.routing_number === bank.routing_number);
        if (existing === undefined) return kept;
        notes.set(EXISTING_ROW, existing);
        return false;
      },
      'create.answer': (answer, { notes }) => {
        const existing = notes.get(EXISTING_ROW) as BankRecord | undefined;
        if (existing === undefined) return answer;
        return { ...answer, body: { ...(answer.body as Record<string, unknown>), id: existing.id, user_id: existing.user_id } };
      },
    },
  },
  {
    name: 'user-refusal-cached-by-id',
    description:
      'GET /users/{user_id} caches a "no such user" for a few seconds, keyed by the id alone and not by the business that asked: after another business asks for a User (and is rightly refused), its owner is refused it too',
    breaks: 'get_user.operation',
    caughtBy: 'sequences.caller-data.agrees',
    bends: {
      'user.found': (user, { state, userId }) => {
        const refusals = refusedUsers.get(state) ?? new Map<string, number>();
        refusedUsers.set(state, refusals);
        const refusedAt = refusals.get(userId);
        if (refusedAt !== undefined && Date.now() - refusedAt < REFUSAL_TTL_MS) return undefined;
        if (user === undefined) refusals.set(userId, Date.now());
        return user;
      },
    },
  },
  {
    name: 'combined-filters-keep-one',
    description:
      "GET /user_banks with user_id and status at once: the query builder assigns the second condition over the first, so only user_id is applied and the User's banks of every status are listed",
    breaks: 'list_user_banks.status_filter',
    caughtBy: 'sequences.views.agree',
    bends: {
      'list.filters': (applied) =>
        applied.userId !== null && applied.status !== null ? { userId: applied.userId, status: null } : applied,
    },
  },
  {
    name: 'rfp-re-registration-on-later-page',
    description:
      'A re-registration for a use case is inserted as a new row instead of replacing the old one, and GET /rfp_registrations pages its list in two: each page holds distinct use cases, the whole list holds one use case twice',
    breaks: 'rfp_registration.one_per_use_case',
    caughtBy: 'sequences.views.agree',
    bends: {
      'rfp.pool': (own, { state, caller }) => {
        const first = own[0];
        if (first === undefined || own.length < 2) return own;
        const byCaller = reRegistrations.get(state) ?? new Map<string, RfpRecord>();
        reRegistrations.set(state, byCaller);
        const again = byCaller.get(caller.name) ?? {
          seq: state.fixtures.nextSeq(),
          id: state.fixtures.ids.next('rfp'),
          createdAt: state.now(),
          status: 'pending' as const,
          use_case: first.use_case,
        };
        byCaller.set(caller.name, again);
        return [...own, again];
      },
      // The handler pages nothing here: the fault's own two pages, behind a cursor of its own.
      'rfp.cursor': (cursor) => (cursor === SECOND_HALF ? undefined : cursor),
      'rfp.answer': (answer, { url }) => {
        const data = answer.body.data;
        if (data === null || answer.body.next_cursor !== null || data.length < 4) return answer;
        const half = Math.ceil(data.length / 2);
        const second = url.searchParams.get('cursor') === SECOND_HALF;
        return { ...answer, body: { data: second ? data.slice(half) : data.slice(0, half), next_cursor: second ? null : SECOND_HALF } };
      },
    },
  },
  {
    name: 'later-tenant-page-boundary-skip',
    description:
      'Businesses onboarded after a storage migration (every caller but the first) are listed by a new query whose cursor points at the next item instead of the last one shown, and whose page starts after it: the first item after every page boundary is lost, for those businesses only',
    breaks: 'list_user_banks.cursor',
    // Every list of those businesses loses items, filtered by a User or a status as well.
    alsoBreaks: ['list_user_banks.status_filter', 'list_user_banks.user_id_filter'],
    caughtBy: 'sequences.views.agree',
    bends: {
      'list.start': (start, { state, caller, rows }) =>
        start > 0 && state.callers.indexOf(caller) > 0 ? Math.min(rows.length, start + 1) : start,
    },
  },
] as const satisfies readonly Fault[];

/** The seq up to which each server's unfiltered view was materialised. */
const snapshots = new WeakMap<object, number>();
/** The "recently created" cache of each server, and how long an entry stays. */
const recent = new WeakMap<object, { bank: BankRecord; at: number }[]>();
const RECENT_MS = 5_000;
/** The re-registration row each server and caller keeps. */
const reRegistrations = new WeakMap<object, Map<string, RfpRecord>>();
/** The cursor of the second page of the re-registration fault's RfP list. */
const SECOND_HALF = 'rfp-page-2';
/** The business each server's create handler last authenticated, read after the await. */
const currentBusiness = new WeakMap<object, Caller>();
const AWAIT_MS = 40;
/** The note the account-dedupe fault leaves for its answer: the other business's row. */
const EXISTING_ROW = 'existing-row';
/** When each server last refused each User id, whoever asked; and how long such a refusal is served again. */
const refusedUsers = new WeakMap<object, Map<string, number>>();
const REFUSAL_TTL_MS = 3_000;
