/**
 * Independent requests side by side within a bound, without the idle tail of fixed batches: a new
 * one starts as soon as any of the `size` in flight ends (a batch of 8 waited for its slowest, so
 * at a 50 ms round trip one slow answer held seven lanes idle). Results keep the items' order.
 */
export function inPool<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  return inPoolFirstWhenReady(
    items,
    size,
    () => false,
    () => true,
    work,
  );
}

/**
 * A bound shared by work started apart (several reads replayed at once, each with its own
 * requests): at most `size` of the functions it runs are in flight, the others wait their turn in
 * the order they asked, but that work asked `first` goes before every other waiting (a chain of
 * writes one after another, which a queue of hundreds of reads would otherwise hold at each link).
 */
export function limiter(size: number): <R>(work: () => Promise<R>, options?: { first?: boolean }) => Promise<R> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work, { first = false } = {}) => {
    if (active >= size) await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
    else active += 1;
    try {
      return await work();
    } finally {
      const wake = waiting.shift();
      if (wake) wake();
      else active -= 1;
    }
  };
}

/**
 * One bound over two queues: a lane takes the next of the items `first` picks while `ready` says
 * that one can start now, else the next of the others, and the rest of the first ones once the others
 * are all taken. A write that needs a slot of the write budget goes as soon as a slot is free, and
 * the reads fill the places meanwhile, where a lane waiting for a slot held a place of the bound
 * with nothing in flight. Results keep the items' order; once one fails no further item starts.
 */
export async function inPoolFirstWhenReady<T, R>(
  items: readonly T[],
  size: number,
  first: (item: T) => boolean,
  ready: (item: T) => boolean,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  const firsts = [...items.keys()].filter((i) => first(items[i] as T));
  const others = [...items.keys()].filter((i) => !first(items[i] as T));
  let failed = false;
  const take = (): number | undefined => {
    const head = firsts[0];
    if (head !== undefined && (others.length === 0 || ready(items[head] as T))) return firsts.shift();
    return others.shift() ?? firsts.shift();
  };
  const lane = async (): Promise<void> => {
    for (let index = take(); index !== undefined && !failed; index = take()) {
      try {
        out[index] = await work(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(size, items.length)) }, lane));
  return out;
}
