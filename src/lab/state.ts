/** Everything one running reference server knows: its variation, its faults (as hooks) and its data. */
import { randomBytes } from 'node:crypto';
import { bendsOf, type AnyFaultName } from './faults/index.js';
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
    faultNames: readonly AnyFaultName[],
  ) {
    // An unknown name fails at start, not silently; the modifiers apply in the order the faults were named.
    this.hooks = new Hooks([...new Set(faultNames)].map(bendsOf));
    if (variation.tokenLifetimeMs > 0) for (const caller of this.callers) this.issue(caller, caller.token);
  }

  /** Tokens that expire (tokenLifetimeMs), by value: whose each is and until when it is accepted (the machine's clock). */
  private readonly issued = new Map<string, { caller: Caller; expiresAt: number }>();

  private issue(caller: Caller, token: string): void {
    this.issued.set(token, { caller, expiresAt: Date.now() + this.variation.tokenLifetimeMs });
  }

  /**
   * A new token for the caller (0 the first, 1 the second), as a token endpoint issues one: what it
   * answers (OAuth's access_token and expires_in in seconds). Only when tokens expire.
   */
  mintToken(callerIndex: number): { access_token: string; expires_in: number } {
    const caller = this.callers[callerIndex];
    if (caller === undefined || this.variation.tokenLifetimeMs <= 0)
      throw new Error('tokens are minted only when they expire (tokenLifetimeMs)');
    const token = `ref-minted-${caller.name}-${randomBytes(12).toString('hex')}`;
    this.issue(caller, token);
    return { access_token: token, expires_in: this.variation.tokenLifetimeMs / 1000 };
  }

  /** The server's clock: the machine's, moved by the variation's skew (its Date header and the created_at it stamps). */
  now(): Date {
    return new Date(Date.now() + this.variation.clockSkewMs);
  }

  get callers(): Caller[] {
    return this.fixtures.callers;
  }

  /** The caller a token names; no caller has an undefined token, so none when no token was sent. */
  callerByToken(token: string | undefined): Caller | undefined {
    if (this.variation.tokenLifetimeMs > 0) {
      const issued = token === undefined ? undefined : this.issued.get(token);
      return issued !== undefined && Date.now() < issued.expiresAt ? issued.caller : undefined;
    }
    return this.callers.find((c) => c.token === token);
  }
}
