/**
 * A CPU profile (node:inspector's Profiler) summed by function: where the process spent its own
 * time, the biggest first. Idle time and the profiler's "(program)" are left out: they are no cost
 * of the code measured.
 */
import type { Profiler } from 'node:inspector';

export interface SelfCost {
  /** The function's name and where it is defined (path inside the package, or a node internal). */
  function: string;
  selfMs: number;
  /** Its share of the profile's busy time. */
  share: number;
}

const NOT_A_COST = new Set(['(idle)', '(program)', '(root)']);

export function topSelfCosts(profile: Profiler.Profile, count: number): SelfCost[] {
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) selfUs.set(samples[i] as number, (selfUs.get(samples[i] as number) ?? 0) + (deltas[i] ?? 0));
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const name = node.callFrame.functionName || '(anonymous)';
    const us = selfUs.get(node.id) ?? 0;
    if (NOT_A_COST.has(name) || us === 0) continue;
    const where = node.callFrame.url.replace(/^.*?\/(node_modules\/|src\/|bench\/)/, '$1').replace(/^file:\/\//, '');
    const key = where === '' ? name : `${name} (${where})`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    busy += us;
  }
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, us]) => ({ function: fn, selfMs: Math.round(us / 1000), share: Math.round((1000 * us) / Math.max(1, busy)) / 1000 }));
}
