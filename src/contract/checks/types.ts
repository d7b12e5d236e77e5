/**
 * A check is one named behaviour, registered by id (like a Schemathesis check or a test262 test),
 * tied to the requirement it proves. Its result is data: an outcome, findings and evidence.
 */
import type { ExchangeEvidence } from '../../http/evidence.js';
import type { RequirementId } from '../../core/requirements.js';

export type Outcome = 'pass' | 'fail' | 'warn' | 'skip' | 'inconclusive';

export const AREAS = [
  'auth',
  'isolation',
  'user-banks.create',
  'user-banks.list',
  'pagination',
  'rfp-registrations',
  'users',
  'replay',
  'robustness',
  'sequences',
  'http',
] as const;
export type Area = (typeof AREAS)[number];

export interface CheckSpec {
  /** Stable id, the one a suite declares the check by: `<area>.<behaviour>`. */
  id: string;
  area: Area;
  /** The requirement this check proves; its level decides fail (MUST) or warn (SHOULD). */
  requirement: RequirementId;
  /** Further requirements the check also proves (a schema check covers every field's type). */
  covers?: readonly RequirementId[];
  /** What failed, in at most 90 characters: the heading of a failure, the JUnit name, a compare line. */
  title: string;
  /** The longer statement of what the check proves, where the title leaves detail out. */
  description?: string;
}

export interface Finding {
  severity: 'fail' | 'warn';
  message: string;
  expected?: string;
  actual?: string;
  /** seq of the exchange that shows it (in the check's evidence). */
  exchange?: number;
  /** A shrunk fast-check counterexample, with its seed and path. */
  counterexample?: string;
  /** The curl line that sends the counterexample again (kept apart so a reader can copy it whole). */
  counterexampleCurl?: string;
  /**
   * The requirements this finding shows broken, when the check can tell (a schema violation names its
   * field). Absent: the finding counts against every requirement the check covers.
   */
  requirements?: string[];
  /**
   * The run sent the request of `exchange` `sent` times, and `times` of the answers showed this finding:
   * fewer than all is an intermittent defect. Only the run-wide judges, which see every answer, count it.
   */
  recurrence?: Recurrence;
}

/** How many of the run's identical requests drew a finding (`times`), out of how many it sent (`sent`). */
export interface Recurrence {
  times: number;
  sent: number;
}

export interface CreatedResource {
  resource: 'user_bank';
  id: string;
  /** Why it was created, when the check said (an invalid-body check's accepted body the spec allows). */
  purpose?: string;
  /** Whose credentials created it, by letter (created.json's caller): never the token. */
  caller?: 'a' | 'b' | 'none' | 'other-scheme' | 'unknown-token';
  /** The User it belongs to, as the answer (else the request) said; null when neither named one. */
  user_id?: string | null;
}

/** What a check's run gives the run's results; plain JSON. */
/**
 * What a request grammar explored (src/methods/robustness/): its components with how many value classes each
 * has, and how many of the pairs of classes of two components the requests covered (issue 41).
 */
export interface GrammarCoverage {
  /** The operation the grammar describes ("POST /user_banks", "GET /users/{user_id}"). */
  grammar: string;
  components: { name: string; classes: number }[];
  pairs: number;
  covered: number;
  requests: number;
  /** The request budget the grammar was held to, when it has one of its own. */
  budget?: number;
}

export interface CheckResult {
  id: string;
  outcome: Outcome;
  message: string;
  findings: Finding[];
  exchanges: ExchangeEvidence[];
  exchangeCount: number;
  created: CreatedResource[];
  durationMs: number;
  /** A crash inside the check itself, not a property of the target: the run cannot be trusted (exit 2). */
  internalError?: string;
  seed?: number;
  /** The grammars the check explored, for the run's coverage (results.json grammars). */
  coverage?: GrammarCoverage[];
  /** The first and last seq of the exchanges the check sent or judged: its HAR entries lie between them. */
  span?: { first: number; last: number };
  /** A check of the run-wide phase: it judges every exchange of the run, so only the whole run replays it. */
  runWide?: true;
}
