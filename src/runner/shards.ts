/**
 * --shard i/n: which suites part i of n runs. The suites are dealt by their number of checks, taken
 * from the checks they declare, the heaviest first to the lightest part, so parts hold about as many
 * checks each; the same on every machine. The run-wide suite is in every part, where it judges that
 * part's own exchanges.
 */
import type { DeclaredCheck } from '../harness/check.js';

/** The suites of the run-wide phase, which judge every exchange of the run (suites/http.ts). */
export function runWideSuites(declared: readonly DeclaredCheck[]): Set<string> {
  return new Set(declared.filter((c) => c.phase === 'run-wide').map((c) => c.suite));
}

export function parseShard(shard: string): { index: number; count: number } {
  const [index, count] = shard.split('/').map(Number) as [number, number];
  return { index, count };
}

/** The suites of part `shard` (i/n), in run order. */
export function suitesOfShard(shard: string, declared: readonly DeclaredCheck[]): string[] {
  const { index, count } = parseShard(shard);
  const runWide = runWideSuites(declared);
  const weights = new Map<string, number>();
  for (const check of declared) weights.set(check.suite, (weights.get(check.suite) ?? 0) + 1);
  const dealt = balancedShards(
    [...weights].filter(([suite]) => !runWide.has(suite)),
    count,
  );
  const mine = new Set(dealt[index - 1] ?? []);
  return [...weights.keys()].filter((suite) => mine.has(suite) || runWide.has(suite));
}

/** Suites dealt to `count` parts by weight, the heaviest first to the lightest part (ties by name). */
export function balancedShards(weighed: readonly (readonly [string, number])[], count: number): string[][] {
  const order = [...weighed].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const parts = Array.from({ length: count }, () => ({ suites: [] as string[], weight: 0 }));
  for (const [suite, weight] of order) {
    const lightest = parts.reduce((best, p) => (p.weight < best.weight ? p : best));
    lightest.suites.push(suite);
    lightest.weight += weight;
  }
  return parts.map((p) => p.suites);
}
