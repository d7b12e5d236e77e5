import { loadSuites } from '../../src/runner/check-engine.js';
import { RUN_WIDE_SUITE, suitesOfShard } from '../../src/runner/shards.js';

/**
 * `--shard i/n` that runs exactly the suite that declares the check: with as many parts as suites
 * (the run-wide one aside), the engine's own split (src/runner/shards.ts) gives each suite a part of
 * its own; which part is asked of that split, so a change to how parts are dealt cannot point a
 * fault at the wrong suite. The suite is the one the check's declaration names.
 */
export async function shardOfCheck(checkId: string): Promise<string[]> {
  const declared = await loadSuites();
  const home = declared.find((c) => c.spec.id === checkId)?.suite;
  if (home === undefined || home === RUN_WIDE_SUITE) return []; // a run-wide check: the whole run
  const count = new Set(declared.map((c) => c.suite).filter((s) => s !== RUN_WIDE_SUITE)).size;
  for (let index = 1; index <= count; index += 1) {
    const part = suitesOfShard(`${index}/${count}`, declared).filter((s) => s !== RUN_WIDE_SUITE);
    if (part.length === 1 && part[0] === home) return ['--shard', `${index}/${count}`];
  }
  return [];
}
