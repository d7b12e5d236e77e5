/**
 * A fault is one named defect the reference implementation can be switched into, with the
 * requirement it breaks and the check that must catch it (the detection table in npm test).
 */
import type { CheckId } from '../../contract/checks/registry.js';
import type { RequirementId } from '../../core/requirements.js';
import type { Bends } from '../hooks.js';

export interface Fault {
  name: string;
  description: string;
  /** Requirement id (src/core/requirements.ts) the defect breaks. */
  breaks: RequirementId;
  /**
   * Other statements the same defect breaks, which the aimed check's first finding may name instead
   * (a router that skips auth on every operation shows it first on whichever the run asked first).
   */
  alsoBreaks?: readonly RequirementId[];
  /**
   * Check id (src/contract/checks) that is aimed at it: it must fail when its requirement is a MUST, warn when
   * a SHOULD (a broken convention; the run stays conformant). Every check is some fault's caughtBy.
   */
  caughtBy: CheckId;
  /** Where and how it bends the conformant server: its modifiers at the hook points of hooks.ts. */
  bends: Bends;
}

/**
 * A documented blind spot: a defect of what the spec states that no black-box client can see, kept
 * in the catalog so the gap is proven rather than asserted. It is aimed at no check: the fault
 * matrix (test/matrix/faults.test.ts) asserts that the lab sees it change answers (the differential
 * probe against the clean reference) and that the suite judges it CONFORMANT; the day a check
 * catches it, that test fails and says to move it into the catalog of caught faults.
 */
export interface BlindSpotFault {
  name: string;
  description: string;
  /** Requirement id (src/core/requirements.ts) the defect breaks. */
  breaks: RequirementId;
  /** Why no black-box client can see it, citing the spec. */
  blindSpot: string;
  /** The variation preset (variations.ts) in which the defect changes answers; the baseline when absent. */
  variation?: string;
  bends: Bends;
}
