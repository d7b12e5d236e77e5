/** One bound over the screen's writes and reads: a write starts when a slot is ready, the reads fill the places meanwhile. */
import { describe, expect, test } from 'vitest';
import { inPoolFirstWhenReady, limiter } from '../../src/harness/in-pool.js';

/** A gate the test opens by hand: work that waits on it stays in flight until then. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe('inPoolFirstWhenReady', () => {
  test('writes first while a slot is free; when none is, the lanes take reads instead of waiting; answers keep the order', async () => {
    const items = ['w1', 'r1', 'w2', 'r2', 'w3', 'r3'];
    let slots = 1;
    const started: string[] = [];
    const writeDone = gate();
    const readsDone = gate();
    const results = inPoolFirstWhenReady(
      items,
      3,
      (item) => item.startsWith('w'),
      () => slots > 0,
      async (item) => {
        started.push(item);
        if (item.startsWith('w')) {
          slots -= 1;
          await writeDone.wait;
          slots += 1;
        } else await readsDone.wait;
        return item.toUpperCase();
      },
    );
    // One slot: w1 takes it, the two other lanes read while it is in flight.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['w1', 'r1', 'r2']);
    // The reads end while the slot is still held: the next read goes, then, the reads all taken, the
    // writes go too (each waits for its slot where it is sent, as a write did before).
    readsDone.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['w1', 'r1', 'r2', 'r3', 'w2', 'w3']);
    writeDone.open();
    expect(await results).toEqual(['W1', 'R1', 'W2', 'R2', 'W3', 'R3']);
  });

  test('with every slot ready the writes all go before any read', async () => {
    const started: number[] = [];
    await inPoolFirstWhenReady(
      [1, 2, 3, 4, 5],
      2,
      (n) => n % 2 === 1,
      () => true,
      async (n) => {
        started.push(n);
        return n;
      },
    );
    expect(started).toEqual([1, 3, 5, 2, 4]);
  });

  test('a failure rejects the whole and starts nothing more', async () => {
    const started: number[] = [];
    const run = inPoolFirstWhenReady(
      [1, 2, 3, 4],
      1,
      () => false,
      () => true,
      async (n) => {
        started.push(n);
        if (n === 2) throw new Error('refused');
        return n;
      },
    );
    await expect(run).rejects.toThrow('refused');
    expect(started).toEqual([1, 2]);
  });
});

describe('limiter', () => {
  test('work asked first goes before every other waiting; the rest in the order they asked; never more than the bound', async () => {
    const bound = limiter(1);
    const order: string[] = [];
    let active = 0;
    const hold = gate();
    const job = (name: string, wait?: Promise<void>) => async (): Promise<string> => {
      active += 1;
      expect(active).toBe(1);
      order.push(name);
      await wait;
      active -= 1;
      return name;
    };
    const running = bound(job('read 1', hold.wait));
    const queued = [bound(job('read 2')), bound(job('read 3')), bound(job('create'), { first: true })];
    hold.open();
    expect(await Promise.all([running, ...queued])).toEqual(['read 1', 'read 2', 'read 3', 'create']);
    expect(order).toEqual(['read 1', 'create', 'read 2', 'read 3']);
  });
});
