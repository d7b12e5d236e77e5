/**
 * The phases of a run, in the order they run: each suite names its phase (inSuite), and the check
 * engine runs phase after phase; the suites of one phase run together (their side-by-side checks in
 * one batch, a sequential check alone). A phase is what the checks need of each other's traffic, so
 * the order is declared once, here, with its reason, not by the order files are imported.
 */
export const PHASES = [
  // What exists before the run writes anything: a walk that must see no writes runs here.
  'reads',
  // The creates the spec describes: the aimed create checks and their properties take the write budget first.
  'creates',
  // The other writes: refused for their credentials, or another caller's; what the creates left of the budget.
  'writes',
  // Stateful sequences of both callers, within the creates the writes left in the budget.
  'sequences',
  // Unusual requests, after every check the spec aims at, reads included: an unusual request may knock
  // a fragile target over (a mock server's path matcher has died on a percent-encoded segment), and
  // the spec's own checks must have been judged by then, not left inconclusive.
  'unusual',
  // Replays of the reads made so far (the unusual ones included) and of a create with refused
  // credentials; what is left of the write budget, never a slot an aimed check needs.
  'replay',
  // The absence proofs of every refused write, judged together (one settle window): they also judge
  // that the refused unusual requests stored nothing.
  'absence',
  // Every list view of the run judged together, after every walk.
  'views',
  // Every exchange judged by every invariant: last, and in every --shard part.
  'run-wide',
] as const;

export type Phase = (typeof PHASES)[number];

export const phaseIndex = (phase: Phase): number => PHASES.indexOf(phase);

/**
 * A phase that starts together with an earlier one instead of after it: the check engine runs its
 * checks side by side with that phase's, and whatever of its work needs the earlier phase ended waits
 * for it (PhaseSignals.ended). The replay and the absence proofs start with the unusual requests, so
 * every write of the run's end (the screen's unusual creates, caller B's write on A's User, the
 * replay's creates with refused credentials) is answered early and one settle window, counted from
 * the latest of them, runs out while the screen's and the replay's reads are sent. The replay sends
 * one read of each kind the run made so far at once, beside the unusual requests (whose POSTs leave
 * the pooled connections to reads), and the rest after the unusual phase's end (its reads are the
 * run's too); its creates go once the aimed write of that end (caller B's) has been answered. The
 * absence proofs wait for the writes they judge.
 */
export const STARTS_WITH: Partial<Record<Phase, Phase>> = { replay: 'unusual', absence: 'unusual' };

/** The phase whose start a phase's checks share (itself, or the earlier one it starts with). */
export const startsWith = (phase: Phase): Phase => STARTS_WITH[phase] ?? phase;

/**
 * When each phase of a run has ended, for work that needs one ended without waiting for the phase
 * after it (STARTS_WITH). Only the phases the check engine planned are waited for: a phase no check
 * of this run (or shard) belongs to has ended from the start, and so has every phase of a run no
 * engine drives.
 */
export class PhaseSignals {
  private readonly pending = new Map<Phase, { promise: Promise<void>; resolve: () => void }>();

  /** The phases the run will end one by one (the engine, before its first check). */
  plan(phases: Iterable<Phase>): void {
    for (const phase of phases) {
      if (this.pending.has(phase)) continue;
      let resolve = (): void => undefined;
      const promise = new Promise<void>((r) => (resolve = r));
      this.pending.set(phase, { promise, resolve });
    }
  }

  /** Every check of the phase has ended, or will never start (the run stopped). */
  end(phase: Phase): void {
    this.pending.get(phase)?.resolve();
  }

  ended(phase: Phase): Promise<void> {
    return this.pending.get(phase)?.promise ?? Promise.resolve();
  }
}
