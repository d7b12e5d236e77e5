/**
 * Runs `work` over `items` `size` at a time, keeping their order: requests sent side by side without
 * queuing more at once than the run's connections take.
 */
export async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}
