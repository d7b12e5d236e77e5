/**
 * Walks shared by several checks of one run: the first check that asks sends the requests (they are
 * its evidence); the others wait for the same result and attach its few evidence exchanges. So a
 * limit=1 walk is made once however many checks judge it, and every check shows what it judged.
 */
import type { Exchange } from '../../http/exchange.js';
import type { Probe } from '../../harness/probe.js';
import { perRun } from '../../harness/per-run.js';
import type { WalkOptions, WalkResult } from './walker.js';
import { walkWhole } from './whole-walks.js';

const walksOf = perRun(() => new Map<string, Promise<WalkResult>>());

export async function sharedWalk(t: Probe, key: string, options: WalkOptions): Promise<WalkResult> {
  const walks = walksOf(t.run.client);
  const existing = walks.get(key);
  if (existing) {
    const result = await existing;
    for (const exchange of result.evidence ?? []) t.attach(exchange);
    return result;
  }
  const started = walkWhole(t, options);
  walks.set(key, started);
  return started;
}

/**
 * A value computed once per run (per run's client) by the first check that needs it (a memoized promise). The other
 * checks get the exchanges `evidence` names attached, so each shows the requests it judged.
 */
export function once<T>(compute: (t: Probe) => Promise<T>, evidence: (value: T) => Exchange[]): (t: Probe) => Promise<T> {
  const memoOf = perRun((): { value?: Promise<T>; computer?: Probe } => ({}));
  return async (t) => {
    const memo = memoOf(t.run.client);
    if (!memo.value) {
      memo.computer = t;
      memo.value = compute(t);
    }
    const result = await memo.value;
    if (t !== memo.computer) for (const exchange of evidence(result)) t.attach(exchange);
    return result;
  };
}
