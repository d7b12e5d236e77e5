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
    if (this.tokensEnd) for (const caller of this.callers) this.issue(caller, caller.token);
  }

  /** Whether tokens stop being accepted (after a time or a number of requests): then only issued tokens count. */
  private get tokensEnd(): boolean {
    return this.variation.tokenLifetimeMs > 0 || this.variation.tokenLifetimeRequests > 0;
  }

  /**
   * Tokens that end (tokenLifetimeMs, tokenLifetimeRequests), by value: whose each is, until when it is
   * accepted (the machine's clock) and how many requests it may still authenticate.
   */
  private readonly issued = new Map<string, { caller: Caller; expiresAt: number; requestsLeft: number }>();

  private issue(caller: Caller, token: string): void {
    const { tokenLifetimeMs, tokenLifetimeRequests } = this.variation;
    this.issued.set(token, {
      caller,
      expiresAt: tokenLifetimeMs > 0 ? Date.now() + tokenLifetimeMs : Number.POSITIVE_INFINITY,
      requestsLeft: tokenLifetimeRequests > 0 ? tokenLifetimeRequests : Number.POSITIVE_INFINITY,
    });
  }

  /**
   * A new token for the caller (0 the first, 1 the second), as a token endpoint issues one: what it
   * answers (OAuth's access_token, and expires_in in seconds when they expire by time). Only when tokens end.
   */
  mintToken(callerIndex: number): { access_token: string; expires_in?: number } {
    const caller = this.callers[callerIndex];
    if (caller === undefined || !this.tokensEnd)
      throw new Error('tokens are minted only when they end (tokenLifetimeMs, tokenLifetimeRequests)');
    const token = `ref-minted-${caller.name}-${randomBytes(12).toString('hex')}`;
    this.issue(caller, token);
    const { tokenLifetimeMs } = this.variation;
    return { access_token: token, ...(tokenLifetimeMs > 0 ? { expires_in: tokenLifetimeMs / 1000 } : {}) };
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
    if (this.tokensEnd) {
      const issued = token === undefined ? undefined : this.issued.get(token);
      return issued !== undefined && Date.now() < issued.expiresAt && issued.requestsLeft > 0 ? issued.caller : undefined;
    }
    return this.callers.find((c) => c.token === token);
  }

  /** A request `token` authenticated (auth.ts): one fewer it may still authenticate, when tokens end by use. */
  spendToken(token: string | undefined): void {
    const issued = token === undefined ? undefined : this.issued.get(token);
    if (issued !== undefined) issued.requestsLeft -= 1;
  }
}
