/**
 * At most `n` of the calls given to the returned function run at once; the others wait their turn
 * in order. For a file whose runs must not all go side by side, whatever vitest's maxConcurrency.
 */
export function atMost(n: number): <T>(run: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    while (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await run();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
