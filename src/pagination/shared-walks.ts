/**
 * Walks shared by several checks of one run: the first check that asks sends the requests (they are
 * its evidence); the others wait for the same result and attach its few evidence exchanges. So a
 * limit=1 walk is made once however many checks judge it, and every check shows what it judged.
 */
import type { Exchange } from '../http/exchange.js';
import type { Probe } from '../harness/probe.js';
import { walk, type WalkOptions, type WalkResult } from './walker.js';

const walks = new Map<string, Promise<WalkResult>>();

export async function sharedWalk(t: Probe, key: string, options: WalkOptions): Promise<WalkResult> {
  const existing = walks.get(key);
  if (existing) {
    const result = await existing;
    for (const exchange of result.evidence ?? []) t.attach(exchange);
    return result;
  }
  const started = walk(t, options);
  walks.set(key, started);
  return started;
}

/**
 * A value computed once per run by the first check that needs it (a memoized promise). The other
 * checks get the exchanges `evidence` names attached, so each shows the requests it judged.
 */
export function once<T>(compute: (t: Probe) => Promise<T>, evidence: (value: T) => Exchange[]): (t: Probe) => Promise<T> {
  let value: Promise<T> | undefined;
  let computer: Probe | undefined;
  return async (t) => {
    if (!value) {
      computer = t;
      value = compute(t);
    }
    const result = await value;
    if (t !== computer) for (const exchange of evidence(result)) t.attach(exchange);
    return result;
  };
}
