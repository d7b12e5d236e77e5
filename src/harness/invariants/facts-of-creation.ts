/**
 * What a User and an RfP Registration were created with reads the same in every answer that shows
 * them, before and after the run's writes: their created_at (2.2, 2.3: "Time of creation"), and an RfP
 * Registration's use case (one per use case, 1). Status may move (transitions not shown, 3). User
 * Banks are held to the same by the answer audit (src/harness/answer-audit.ts), across all views.
 * An RfP Registration is reached by its use case as well as by its id: the caller holds one per use
 * case (1), and its three states are the complete set (3), so none leaves the list; the use case
 * answered under another id is one identity read two ways, whichever of the two keys a server keeps.
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
  const idOfUseCase = new Map<string, { id: string; seq: number }>();
  return {
    inspect(seen, report) {
      const { exchange } = seen;
      if ((seen.caller !== 'a' && seen.caller !== 'b') || !isSuccess(exchange)) return;
      const kind = seen.operation === 'user' ? 'User' : seen.operation === 'list-rfps' ? 'RfP Registration' : undefined;
      if (kind === undefined) return;
      const items = kind === 'User' ? [exchange.json] : (itemsOf(seen) ?? []);
      for (const item of items) {
        if (!isRecord(item) || (typeof item.id !== 'string' && typeof item.id !== 'number')) continue;
        if (kind === 'RfP Registration' && typeof item.use_case === 'string') {
          const byUseCase = `${seen.caller}|${item.use_case}`;
          const known = idOfUseCase.get(byUseCase);
          if (known === undefined) idOfUseCase.set(byUseCase, { id: String(item.id), seq: exchange.seq });
          else if (known.id !== String(item.id)) {
            report({
              message: `use case ${item.use_case} is RfP Registration ${String(item.id)} here, while exchange ${known.seq} answered it as ${known.id}: the caller holds one registration per use case, and it keeps its identifier`,
              requirements: ['rfp_registration.id'],
              exchange,
              expected: known.id,
              actual: String(item.id),
            });
            return;
          }
        }
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
