import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { suitesDir } from '../../src/core/paths.js';
import { balancedShards } from '../../src/runner/sequencer.js';

/**
 * `--shard i/n` that runs exactly the suite file that registers the check: with as many shards as
 * files, the sequencer's own split (src/runner/sequencer.ts) gives each file a shard of its own; which
 * one is asked of that split, so a change to how shards are dealt cannot point a fault at the wrong
 * file. The file is found by the check's id in its source (the absence proofs of auth, isolation and
 * creation live together in refused-writes.test.ts, not in their area's file).
 */
export function shardOfCheck(checkId: string): string[] {
  const files = readdirSync(suitesDir)
    .filter((f) => f.endsWith('.test.ts') && f !== 'http.test.ts')
    .map((f) => ({ moduleId: join(suitesDir, f) }));
  const home = files.find((f) => readFileSync(f.moduleId, 'utf8').includes(`'${checkId}'`));
  if (home === undefined) return []; // a run-wide check (http.test.ts): the whole run
  const shards = balancedShards(files, files.length);
  const index = shards.findIndex((shard) => shard.length === 1 && shard[0]?.moduleId === home.moduleId);
  return index === -1 ? [] : ['--shard', `${index + 1}/${files.length}`];
}
