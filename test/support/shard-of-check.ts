import { loadSuites } from '../../src/runner/check-engine.js';
import { runWideSuites, suitesOfShard } from '../../src/runner/shards.js';

/**
 * `--shard i/n` that runs exactly the suite that declares the check: with as many parts as suites
 * (the run-wide one aside), the engine's own split (src/runner/shards.ts) gives each suite a part of
 * its own; which part is asked of that split, so a change to how parts are dealt cannot point a
 * fault at the wrong suite. The suite is the one the check's declaration names.
 */
export async function shardOfCheck(checkId: string): Promise<string[]> {
  const declared = await loadSuites();
  const home = declared.find((c) => c.spec.id === checkId)?.suite;
  const runWide = runWideSuites(declared);
  if (home === undefined || runWide.has(home)) return []; // a run-wide check: the whole run
  const count = new Set(declared.map((c) => c.suite).filter((s) => !runWide.has(s))).size;
  for (let index = 1; index <= count; index += 1) {
    const part = suitesOfShard(`${index}/${count}`, declared).filter((s) => !runWide.has(s));
    if (part.length === 1 && part[0] === home) return ['--shard', `${index}/${count}`];
  }
  return [];
}

/**
 * `--check ID` for the check alone (with the run-wide checks, which judge its exchanges), or nothing
 * for a run-wide check, which judges the traffic of every other check and so needs the whole run.
 */
export async function onlyCheck(checkId: string): Promise<string[]> {
  const declared = await loadSuites();
  const home = declared.find((c) => c.spec.id === checkId)?.suite;
  return home === undefined || runWideSuites(declared).has(home) ? [] : ['--check', checkId];
}
