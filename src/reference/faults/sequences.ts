import type { BankRecord } from '../model.js';
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
] as const satisfies readonly Fault[];

/** The seq up to which each server's unfiltered view was materialised. */
const snapshots = new WeakMap<object, number>();
/** The "recently created" cache of each server, and how long an entry stays. */
const recent = new WeakMap<object, { bank: BankRecord; at: number }[]>();
const RECENT_MS = 5_000;
