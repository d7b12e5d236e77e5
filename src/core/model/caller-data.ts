/**
 * What a stateful sequence knows of the callers' data (issue 29): each caller's Users, every User
 * Bank the sequence created (whose it is, for which User, when it was answered). Commands ask it
 * what a view must hold and what it must never show (what each caller's list views showed is the
 * run's model of list views, src/core/model/list-views.ts); nothing here sends a request.
 */
export type CallerName = 'a' | 'b';

export interface CreatedBank {
  id: string;
  caller: CallerName;
  userId: string;
  /** Date.now() when the create was answered: a listing begun after it (and settled) must show it. */
  answeredAt: number;
  /** The step of the sequence that created it (1-based). */
  step: number;
}

/** Which Users a listing keeps: all of the caller's (no filter), one User's, or one status. */
export type ListFilter = { kind: 'none' } | { kind: 'user'; userId: string } | { kind: 'status'; status: string };

/**
 * What every sequence of one check shares: the creates left (shrinks included), and whose each bank
 * is, which stays true after the sequence that learnt it.
 */
export interface SharedFacts {
  writesLeft: number;
  bankOwners: Map<string, CallerName>;
}

export const sharedFacts = (writes: number): SharedFacts => ({ writesLeft: writes, bankOwners: new Map() });

export class CallerData {
  /** The banks this sequence created: what its later listings must hold. */
  private readonly banks = new Map<string, CreatedBank>();

  constructor(
    readonly users: Readonly<Record<CallerName, readonly string[]>>,
    private readonly shared: SharedFacts,
  ) {}

  get callers(): CallerName[] {
    return this.users.b.length > 0 ? ['a', 'b'] : ['a'];
  }

  /** Takes a create's slot before it is sent; false when none is left. */
  takeCreate(): boolean {
    if (this.shared.writesLeft <= 0) return false;
    this.shared.writesLeft -= 1;
    return true;
  }

  created(bank: CreatedBank): void {
    this.banks.set(bank.id, bank);
    this.shared.bankOwners.set(bank.id, bank.caller);
  }

  /** Whose bank this is, when a sequence of this check created it. */
  ownerOfBank(id: string): CallerName | undefined {
    return this.shared.bankOwners.get(id);
  }

  ownerOfUser(userId: string): CallerName | undefined {
    return this.callers.find((c) => this.users[c].includes(userId));
  }

  /**
   * The banks this sequence created that a listing by `caller` with `filter`, begun at `startedAt`,
   * must hold: the caller's own, answered before the listing began, of the filter's User. A status
   * filter expects none: a bank's status may move (its transitions are not shown, spec 3).
   */
  mustList(caller: CallerName, filter: ListFilter, startedAt: number): CreatedBank[] {
    if (filter.kind === 'status') return [];
    return [...this.banks.values()].filter(
      (b) => b.caller === caller && b.answeredAt <= startedAt && (filter.kind === 'none' || b.userId === filter.userId),
    );
  }
}
