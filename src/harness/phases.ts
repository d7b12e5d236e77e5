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
  // Unusual requests, before the absence proofs that also judge that the refused ones stored nothing.
  'unusual',
  // The absence proofs of every refused write, judged together (one settle window).
  'absence',
  // Replays of the reads made so far; what is left of the write budget, never a slot an aimed check needs.
  'replay',
  // Every list view of the run judged together, after every walk.
  'views',
  // Every exchange judged by every invariant: last, and in every --shard part.
  'run-wide',
] as const;

export type Phase = (typeof PHASES)[number];

export const phaseIndex = (phase: Phase): number => PHASES.indexOf(phase);
