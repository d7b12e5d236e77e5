/**
 * What a User and an RfP Registration were created with reads the same in every answer that shows
 * them, before and after the run's writes: their created_at (2.2, 2.3: "Time of creation"), and an RfP
 * Registration's use case (one per use case, 1). Status may move (transitions not shown, 3). User
 * Banks are held to the same by the answer audit (src/harness/answer-audit.ts), across all views.
 * Kept per caller: two businesses' ids may coincide.
 */
import { isSuccess } from '../../http/exchange.js';
import { sameInstant } from '../../core/domain/iso8601.js';
import { isRecord } from '../../core/domain/is-record.js';
import type { ExchangeInvariant } from './invariant.js';
import { itemsOf } from './seen-exchange.js';

const MAX_REMEMBERED = 100_000;

const FACTS = {
  User: [['created_at', 'user.created_at']],
  'RfP Registration': [
    ['created_at', 'rfp_registration.created_at'],
    ['use_case', 'rfp_registration.use_case'],
  ],
} as const;

export function factsOfCreation(): ExchangeInvariant {
  const first = new Map<string, { values: Record<string, unknown>; seq: number }>();
  return {
    inspect(seen, report) {
      const { exchange } = seen;
      if ((seen.caller !== 'a' && seen.caller !== 'b') || !isSuccess(exchange)) return;
      const kind = seen.operation === 'user' ? 'User' : seen.operation === 'list-rfps' ? 'RfP Registration' : undefined;
      if (kind === undefined) return;
      const items = kind === 'User' ? [exchange.json] : (itemsOf(seen) ?? []);
      for (const item of items) {
        if (!isRecord(item) || (typeof item.id !== 'string' && typeof item.id !== 'number')) continue;
        const key = `${seen.caller}|${kind}|${String(item.id)}`;
        const before = first.get(key);
        if (before === undefined) {
          if (first.size < MAX_REMEMBERED)
            first.set(key, { values: Object.fromEntries(FACTS[kind].map(([f]) => [f, item[f]])), seq: exchange.seq });
          continue;
        }
        for (const [field, requirement] of FACTS[kind]) {
          const [was, now] = [before.values[field], item[field]];
          const same = field === 'created_at' ? sameInstant(was, now) : was === now;
          if (same) continue;
          report({
            message: `${kind} ${String(item.id)} shows ${field} ${JSON.stringify(now)}, while exchange ${before.seq} showed ${JSON.stringify(was)}: one record, two readings of a fact of its creation`,
            requirements: [requirement],
            exchange,
            expected: JSON.stringify(was),
            actual: JSON.stringify(now),
          });
          return;
        }
      }
    },
  };
}
