/**
 * A covering array of strength 2: rows of one value class per component such that every pair of
 * classes of any two components appears in some row, plus the base-choice rows (each class of each
 * component with every other component at its first, ordinary class), so each unusual class is also
 * tried where nothing else is unusual. Greedy (each new row covers as many uncovered
 * pairs as it can, candidates tried in a seeded order), so the rows are few but not always minimal;
 * deterministic for a seed, so a run replays.
 */
import fc from 'fast-check';

export interface PairwisePlan {
  /** Each row: one class index per component. */
  rows: number[][];
  /** Pairs of classes of two components: all there are, and how many the rows cover. */
  pairs: number;
  covered: number;
}

const pairKey = (i: number, a: number, j: number, b: number): string => `${i}:${a}|${j}:${b}`;

export function pairwise(sizes: readonly number[], seed: number, maxRows = 1_000): PairwisePlan {
  const uncovered = new Set<string>();
  for (let i = 0; i < sizes.length; i += 1)
    for (let j = i + 1; j < sizes.length; j += 1)
      for (let a = 0; a < (sizes[i] as number); a += 1)
        for (let b = 0; b < (sizes[j] as number); b += 1) uncovered.add(pairKey(i, a, j, b));
  const pairs = uncovered.size;
  const order = fc.sample(fc.shuffledSubarray([...Array(64).keys()], { minLength: 64, maxLength: 64 }), {
    seed,
    numRuns: 1,
  })[0] as number[];
  const rows: number[][] = [];
  const gain = (row: number[], component: number, value: number): number => {
    let count = 0;
    for (let other = 0; other < row.length; other += 1) {
      if (other === component || row[other] === -1) continue;
      const [i, a, j, b] =
        other < component ? [other, row[other] as number, component, value] : [component, value, other, row[other] as number];
      if (uncovered.has(pairKey(i, a, j, b))) count += 1;
    }
    return count;
  };
  while (uncovered.size > 0 && rows.length < maxRows) {
    // Start from the first uncovered pair, then fill every other component with its best class.
    const [first] = uncovered;
    const [left, right] = (first as string).split('|') as [string, string];
    const [i, a] = left.split(':').map(Number) as [number, number];
    const [j, b] = right.split(':').map(Number) as [number, number];
    const row = sizes.map(() => -1);
    row[i] = a;
    row[j] = b;
    for (let c = 0; c < sizes.length; c += 1) {
      if (row[c] !== -1) continue;
      let best = 0;
      let bestGain = -1;
      for (let k = 0; k < (sizes[c] as number); k += 1) {
        const v = (order[(k + rows.length) % order.length] as number) % (sizes[c] as number);
        const g = gain(row, c, v);
        if (g > bestGain) [best, bestGain] = [v, g];
      }
      row[c] = best;
    }
    for (let x = 0; x < row.length; x += 1)
      for (let y = x + 1; y < row.length; y += 1) uncovered.delete(pairKey(x, row[x] as number, y, row[y] as number));
    rows.push(row);
  }
  for (let c = 0; c < sizes.length; c += 1)
    for (let v = 0; v < (sizes[c] as number); v += 1) {
      const base = sizes.map((_, i) => (i === c ? v : 0));
      if (!rows.some((row) => row.every((x, i) => x === base[i]))) rows.push(base);
    }
  return { rows, pairs, covered: pairs - uncovered.size };
}
