/** Everything one running reference server knows: its variation, its faults (as hooks) and its data. */
import { faultNamed, type FaultName } from './faults/index.js';
import type { Fixtures } from './fixtures.js';
import { Hooks } from './hooks.js';
import type { Caller } from './model.js';
import type { Variation } from './variations.js';

export class ReferenceState {
  /** The switched-on faults' modifiers at the hook points (hooks.ts); with none on, every point is the identity. */
  readonly hooks: Hooks;

  constructor(
    readonly variation: Variation,
    readonly fixtures: Fixtures,
    faultNames: readonly FaultName[],
  ) {
    // An unknown name fails at start, not silently; the modifiers apply in the order the faults were named.
    this.hooks = new Hooks([...new Set(faultNames)].map((name) => faultNamed(name).bends));
  }

  /** The server's clock: the machine's, moved by the variation's skew (its Date header and the created_at it stamps). */
  now(): Date {
    return new Date(Date.now() + this.variation.clockSkewMs);
  }

  get callers(): Caller[] {
    return this.fixtures.callers;
  }

  callerByToken(token: string): Caller | undefined {
    return this.callers.find((c) => c.token === token);
  }
}
