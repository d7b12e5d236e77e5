/**
 * Runs the suite files in a fixed order (writes early, the run-wide HTTP checks last) and, when
 * sharding, splits every file but the run-wide one, which each shard keeps so it inspects that
 * shard's own exchanges.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { suitesDir } from '../core/paths.js';

export const SUITE_ORDER = [
  'users.test.ts',
  'rfp-registrations.test.ts',
  'user-banks.list.test.ts',
  'pagination.test.ts',
  'user-banks.create.test.ts',
  'auth.test.ts',
  'isolation.test.ts',
  // Stateful sequences of both callers, within the creates the checks above left.
  'sequences.test.ts',
  // Unusual requests before the absence proofs, which also judge that the refused ones stored nothing.
  'robustness.test.ts',
  // The absence proofs of every refused write, judged together after all of them (one settle window).
  'refused-writes.test.ts',
  // Replays the reads the checks above made (src/replay/), so it comes after all of them; it takes
  // what is left of the write budget, never a slot an aimed check needs.
  'replay.test.ts',
  // Every list view of the run judged together, after every file that walks a list.
  'views.test.ts',
  'http.test.ts',
];

const RUN_WIDE = 'http.test.ts';
const rank = (spec: TestSpecification): number => {
  const index = SUITE_ORDER.indexOf(basename(spec.moduleId));
  return index === -1 ? SUITE_ORDER.length - 1 : index; // unknown files run before the run-wide checks
};

export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }

  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const shard = this.ctx.config.shard;
    if (!shard) return files;
    const runWide = files.filter((f) => basename(f.moduleId) === RUN_WIDE);
    const rest = files.filter((f) => basename(f.moduleId) !== RUN_WIDE);
    const mine = balancedShards(rest, shard.count)[shard.index - 1] ?? [];
    return [...mine, ...runWide];
  }
}

/** How many checks a suite file registers (its weight when sharding). */
const checksIn = (file: { moduleId: string }): number => {
  try {
    return (readFileSync(file.moduleId, 'utf8').match(/conformanceCheck\(/g) ?? []).length || 1;
  } catch {
    return 1;
  }
};

/**
 * Files dealt to shards by their number of checks, the heaviest first to the lightest shard, so two
 * shards hold about as many checks each (every file by turn gave 51 and 17). The same on every
 * machine: the order depends only on the files' weights and paths.
 */
export function balancedShards<T extends { moduleId: string }>(files: T[], count: number): T[][] {
  const weighed = files.map((file) => ({ file, weight: checksIn(file) }));
  weighed.sort((a, b) => b.weight - a.weight || a.file.moduleId.localeCompare(b.file.moduleId));
  const shards = Array.from({ length: count }, () => ({ files: [] as T[], weight: 0 }));
  for (const { file, weight } of weighed) {
    const lightest = shards.reduce((best, s) => (s.weight < best.weight ? s : best));
    lightest.files.push(file);
    lightest.weight += weight;
  }
  return shards.map((s) => s.files);
}

/** The suite files `--shard i/n` runs (absolute paths), as the sequencer deals them: for a runner that is not remade per shard. */
export function shardFiles(shard: string): string[] {
  const [index, count] = shard.split('/').map(Number) as [number, number];
  const all = readdirSync(suitesDir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => ({ moduleId: join(suitesDir, f) }));
  const rest = all.filter((f) => basename(f.moduleId) !== RUN_WIDE);
  const mine = balancedShards(rest, count)[index - 1] ?? [];
  return [...mine, ...all.filter((f) => basename(f.moduleId) === RUN_WIDE)].map((f) => f.moduleId);
}
