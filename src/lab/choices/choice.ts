/**
 * A spec-open choice of the reference: a place where the spec is silent, so a conformant service may
 * answer in more than one way. The reference's request path (handlers/, auth.ts, paginate.ts, ...)
 * holds only what the spec states and asks a choice unit of this directory for the rest; a mutant of
 * a choice unit is another conformant server, not a defect, so npm run mutation never mutates this
 * directory (docs/mutation.md). Each alternative names the variations that take it, and the
 * variations matrix of npm test proves every one of them conformant (test/unit/choices.test.ts
 * holds that every alternative has one).
 */
import type { Variation } from '../variations.js';

export interface Alternative {
  /** What a service that takes this alternative does. */
  does: string;
  /** Whether a variation takes this alternative. */
  holds: (variation: Variation) => boolean;
  /** The presets (variations.ts, or corners of staging-envelope.ts) that take it. */
  variations: readonly string[];
}

export interface Choice {
  name: string;
  /** The spec's statement of silence the choice rests on: its section and sentence. */
  silence: string;
  /** The Variation fields that pick the alternative. */
  fields: readonly (keyof Variation)[];
  alternatives: readonly Alternative[];
  /** The lab files that implement the alternatives (never mutated). */
  code: readonly string[];
}
