/**
 * Items another writer created while compared walks read. On a busy staging the list grows during
 * the walks, and a replica that is behind may show a young item to one walk and not to the next:
 * such an item differs between walks without any fault of the cursor or the filter. The run knows
 * two facts of each item that tell it apart: whether the run wrote it (its own creates are judged
 * as ever), and its created_at, by the server's clock. Read against the server's clock when the
 * first compared walk began (its first page's Date header, so a server whose clock is minutes off
 * the run's is read on its own clock), less the settle window (a write may take that long to be
 * listed), an item created later was young during every compared walk. Every other item existed
 * throughout and is judged. A local created_at (no offset) names no instant, and an answer without
 * a Date header gives no server clock: then nothing is taken as young, and the walks afterwards
 * (stable-items.ts) are the only excuse.
 */
import { parseIso8601DateTime } from '../../core/domain/iso8601.js';
import type { Probe } from '../../harness/probe.js';
import { wholeSettleMs } from '../../harness/settings.js';
import { fieldOf, idOf } from './ids.js';
import type { WalkResult } from './walker.js';

/** Whether an id is another writer's item, created while the compared walks (from `first` on) read. */
export type YoungByOthers = (id: string) => boolean;

/** The ids among `items` that another writer created no earlier than the settle window before `first` began. */
export function youngByOthers(t: Probe, first: WalkResult, items: Iterable<unknown>): YoungByOthers {
  const began = Date.parse(first.evidence?.[0]?.headers.date ?? '');
  if (Number.isNaN(began)) return () => false;
  // The Date header counts whole seconds: the walk began within the second it names.
  const since = began - wholeSettleMs(t.settings);
  const ownIds = t.run.client.createdIds;
  const young = new Set<string>();
  for (const item of items) {
    const id = idOf(item);
    if (id === undefined || ownIds.has(id)) continue;
    const createdAt = fieldOf(item, 'created_at');
    const created = typeof createdAt === 'string' ? parseIso8601DateTime(createdAt) : undefined;
    if (created !== undefined && !created.local && created.ms >= since) young.add(id);
  }
  return (id) => young.has(id);
}
