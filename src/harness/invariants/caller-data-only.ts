/**
 * Every item an answer holds is the asking caller's own: a User Bank or a User that one caller's
 * answers showed never shows in the other caller's answers (the token identifies the caller, 5; each
 * operation answers about "the caller's" data, 1 and 4.3). A leak shows the same record twice: the
 * same id with the same account (a User Bank) or the same person (a User), so two businesses whose
 * own ids merely coincide (per-business sequences) are not taken for one. RfP registrations are left
 * to the aimed isolation check: two businesses may hold registrations that read alike.
 */
import { isSuccess } from '../../http/exchange.js';
import { isRecord } from '../../core/domain/is-record.js';
import type { ExchangeInvariant } from './invariant.js';
import { itemsOf, type SeenExchange } from './seen-exchange.js';

/** Records remembered per kind; past it, new records are not remembered (the first ones still judge). */
const MAX_REMEMBERED = 100_000;

const BANK_IDENTITY = ['id', 'user_id', 'account_number', 'routing_number'] as const;
const USER_IDENTITY = ['id', 'first_name', 'last_name', 'email', 'ssn'] as const;

/** Two identity values alike as their JSON is (a missing member reads as null, as it did in a JSON array). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return false;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Whether an item is the record remembered: its identity fields read from it in place (this runs for every item of every page). */
function sameIdentity(identity: readonly unknown[], item: Record<string, unknown>, fields: readonly string[]): boolean {
  for (let i = 0; i < fields.length; i += 1) if (!sameValue(identity[i], item[fields[i] as string])) return false;
  return true;
}

function recordsOf(seen: SeenExchange): { kind: 'User Bank' | 'User'; items: unknown[] } | undefined {
  const { exchange } = seen;
  if (!isSuccess(exchange)) return undefined;
  if (seen.operation === 'list-banks') {
    const items = itemsOf(seen);
    return items ? { kind: 'User Bank', items } : undefined;
  }
  if (seen.operation === 'create') return { kind: 'User Bank', items: [exchange.json] };
  if (seen.operation === 'user') return { kind: 'User', items: [exchange.json] };
  return undefined;
}

interface Remembered {
  identity: unknown[];
  caller: 'a' | 'b';
  seq: number;
}

export function callerDataOnly(): ExchangeInvariant {
  /** The records seen of each kind by id; the few records sharing an id are told apart by their identity. */
  const owners = { 'User Bank': new Map<string, Remembered[]>(), User: new Map<string, Remembered[]>() };
  let remembered = 0;
  return {
    inspect(seen, report) {
      const caller = seen.caller;
      if (caller !== 'a' && caller !== 'b') return;
      const records = recordsOf(seen);
      if (records === undefined) return;
      const fields = records.kind === 'User' ? USER_IDENTITY : BANK_IDENTITY;
      const byId = owners[records.kind];
      for (const item of records.items) {
        if (!isRecord(item) || item.id === undefined) continue;
        const id = String(item.id);
        const sharing = byId.get(id);
        const first = sharing?.find((known) => sameIdentity(known.identity, item, fields));
        if (first === undefined) {
          if (remembered < MAX_REMEMBERED) {
            remembered += 1;
            const record = { identity: fields.map((field) => item[field]), caller, seq: seen.exchange.seq };
            if (sharing === undefined) byId.set(id, [record]);
            else sharing.push(record);
          }
          continue;
        }
        if (first.caller === caller) continue;
        report({
          message: `${records.kind} ${id} was answered to both callers: to caller ${first.caller.toUpperCase()} (exchange ${first.seq}) and to caller ${caller.toUpperCase()} here`,
          requirements: ['tenant.isolation'],
          exchange: seen.exchange,
          expected: `only caller ${caller.toUpperCase()}'s own records`,
          actual: `${records.kind} ${id}, already answered to caller ${first.caller.toUpperCase()}`,
        });
        return;
      }
    },
  };
}
