/**
 * A quiet User: another User of the caller, seen in the caller's whole list, that the run never
 * writes to (not the configured User, nor any User --user-id named). Its list stays the size it was
 * however many runs wrote to the configured User, so a proof that needs a whole list is made on it
 * at a cost that does not grow with what earlier runs left.
 */
import type { Probe } from '../../harness/probe.js';
import { duplicatesIn, fieldOf } from './ids.js';
import { ITEMS_FOR_TRAVERSAL } from './plan.js';
import type { WalkResult } from './walker.js';

/**
 * The User holding the most of the read part of the caller's whole list, among those the run never
 * writes to, with at least ITEMS_FOR_TRAVERSAL banks there (a walk must cross a page boundary);
 * undefined when there is none, or when the walk listed an id twice (a cursor that loops is not a
 * large list, and its walks are judged where they are).
 */
export function quietUserOf(t: Probe, whole: WalkResult): string | undefined {
  if (duplicatesIn(whole).length > 0) return undefined;
  const written = new Set([t.settings.userIdA, ...(t.settings.userIdsA ?? [])]);
  const counts = new Map<string, number>();
  for (const item of whole.items) {
    const user = fieldOf(item, 'user_id');
    if (typeof user === 'string' && !written.has(user)) counts.set(user, (counts.get(user) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].filter(([, n]) => n >= ITEMS_FOR_TRAVERSAL).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return best?.[0];
}
