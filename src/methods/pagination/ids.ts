/** The ids (and other fields) of listed items, and the set arithmetic the traversal checks need. */
import { idOf } from '../../core/domain/item-id.js';

/** What these functions read of a walk (a WalkResult is one): its pages' sizes in order, and the items. */
export interface WalkOutline {
  pages: readonly { index: number; itemCount: number }[];
  items: readonly unknown[];
}

export { idOf };

export function fieldOf(item: unknown, field: string): unknown {
  return item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined;
}

export function idsOf(items: readonly unknown[]): string[] {
  return items.map(idOf).filter((id): id is string => id !== undefined);
}

/** Items without an id, which the set comparisons cannot place. */
export function countWithoutId(items: readonly unknown[]): number {
  return items.filter((item) => idOf(item) === undefined).length;
}

/** Ids seen more than once in a walk, each with the (1-based) pages it appeared on. */
export function duplicatesIn(result: WalkOutline): Array<{ id: string; pages: number[] }> {
  const pagesById = new Map<string, number[]>();
  let position = 0;
  for (const page of result.pages) {
    for (let i = 0; i < page.itemCount && position < result.items.length; i += 1, position += 1) {
      const id = idOf(result.items[position]);
      if (id === undefined) continue;
      const seen = pagesById.get(id) ?? [];
      seen.push(page.index + 1);
      pagesById.set(id, seen);
    }
  }
  return [...pagesById.entries()].filter(([, pages]) => pages.length > 1).map(([id, pages]) => ({ id, pages }));
}

/** The 1-based page each item of a walk was on (same order as result.items). */
export function pageOfEachItem(result: WalkOutline): number[] {
  const out: number[] = [];
  for (const page of result.pages) for (let i = 0; i < page.itemCount; i += 1) out.push(page.index + 1);
  return out.slice(0, result.items.length);
}

export function difference(a: Iterable<string>, b: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const id of a) if (!b.has(id)) out.push(id);
  return out;
}

/** A few values for a message: "a, b, c (and 12 more)". */
export function sample(values: readonly string[], shown = 5): string {
  const head = values.slice(0, shown).join(', ');
  return values.length > shown ? `${head} (and ${values.length - shown} more)` : head;
}
