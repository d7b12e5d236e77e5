/**
 * Whose each resource the run created is, said as it is created: the caller (by letter, never its
 * token), the User it belongs to and the check that sent it. created.json is written from it as the
 * run goes, and results.json created[] names the same owners, so a sandbox can be cleaned by hand.
 */
import type { Caller } from './invariants/seen-exchange.js';

export interface CreatedOwner {
  caller: Caller;
  /** As the answer said, else as the request sent; null when neither named one. */
  user_id: string | null;
  check: string | null;
}

export class CreatedOwners {
  private readonly byId = new Map<string, CreatedOwner>();

  add(id: string, owner: CreatedOwner): void {
    this.byId.set(id, owner);
  }

  of(id: string): CreatedOwner | undefined {
    return this.byId.get(id);
  }
}
