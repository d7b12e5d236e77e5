/** Everything one running reference server knows: its variation, its faults and its data. */
import { faultNamed, type FaultName } from './faults/index.js';
import type { Fixtures } from './fixtures.js';
import type { Caller } from './model.js';
import type { Variation } from './variations.js';

export class ReferenceState {
  private readonly active: Set<FaultName>;

  constructor(
    readonly variation: Variation,
    readonly fixtures: Fixtures,
    faultNames: readonly FaultName[],
  ) {
    for (const name of faultNames) faultNamed(name); // unknown names fail at start, not silently
    this.active = new Set(faultNames);
  }

  /** Whether the named fault is switched on; the name is checked against the catalog at compile time. */
  fault(name: FaultName): boolean {
    return this.active.has(name);
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
