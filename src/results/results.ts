/**
 * The run's results as flat JSON (schemas/results.schema.json): the verdict, counts, every check
 * with its requirement, every requirement with the checks that cover it, and what was created.
 */
import { randomUUID } from 'node:crypto';
import { checks as registeredChecks, checkSpec, requirementsOf } from '../contract/checks/registry.js';
import type { CheckResult, CreatedResource, Finding, GrammarCoverage, Outcome } from '../contract/checks/types.js';
import type { ThrottleStats } from '../http/adaptive-throttle.js';
import type { ExchangeEvidence } from '../http/evidence.js';
import type { Implementation } from '../core/identity/implementation.js';
import { specIdentity, type SpecIdentity } from '../core/identity/spec-identity.js';
import { suiteIdentity, type SuiteIdentity } from '../core/identity/suite-identity.js';
import { requirement, requirements, type Level } from '../core/requirements.js';
import type { ListSize } from '../core/model/list-sizes.js';
import { coverageOf, type Coverage } from './coverage.js';
import type { ListGrowth } from './growth.js';
import type { ValueClassCoverage } from './value-classes-covered.js';
import { outcomeForRequirement } from './requirement-outcome.js';
import { summaryOf, verdictOf, type Summary, type Verdict } from './verdict.js';

export type { Verdict } from './verdict.js';
export type { ListSize } from '../core/model/list-sizes.js';

export interface CheckRecord {
  id: string;
  area: string;
  requirement: string;
  covers: string[];
  section: string;
  level: Level;
  quote: string;
  outcome: Outcome;
  title: string;
  /** The longer statement of what the check proves, when its title leaves detail out. */
  description?: string;
  message: string;
  durationMs: number;
  findings: Finding[];
  exchanges: ExchangeEvidence[];
  exchangeCount: number;
  curl: string[];
  /** The first and last seq of the exchanges the check sent or judged (its HAR entries lie between). */
  span?: { first: number; last: number };
  /** Judges every exchange of the run: only the whole run replays it. */
  runWide?: true;
}

export interface RequirementRecord {
  id: string;
  section: string;
  level: Level;
  quote: string;
  source?: string;
  checks: string[];
  /** untested: no check covers it; not-run: checks cover it but none of them ran (an interrupted run, a shard, a skipped area). */
  outcome: RequirementOutcome;
}

export type RequirementOutcome = Outcome | 'untested' | 'not-run';

/** One of the Users --user-id named, counted before any check. */
export interface UserCount {
  userId: string;
  /** User Banks listed (at least, when not complete). */
  banks: number;
  /** Whether the count read the list to its end; otherwise it holds more than the count reads, or its listing failed. */
  complete: boolean;
}

/** The User a run writes to, of the several --user-id named: the one with the fewest User Banks. */
export interface UserChoice {
  chosen: string;
  counts: UserCount[];
  sentence: string;
}

/** What was tested: what it is (--implementation), and enough to replay the run against the same data (never a token). */
export interface Target {
  /** The implementation under test as the run was told it (--implementation NAME@VERSION); absent: not named. */
  implementation?: Implementation;
  baseUrl: string;
  embedded: boolean;
  userId?: string;
  userIdB?: string;
  secondCaller?: boolean;
  /** When --user-id named several Users: each one's count and why the run wrote to userId (src/runner/user-choice.ts). */
  userChoice?: UserChoice;
}

export interface Results {
  target: Target;
  /** This run's own id: every report of the run states it, so `verify` can tell they were made together. */
  runId: string;
  suiteVersion: string;
  /** Who judged: the suite's version and the digest of its shipped files, against its release. */
  suite: SuiteIdentity;
  specHash: string;
  /** The spec the checks quote: its title and hash (the hash is specHash). */
  spec: SpecIdentity;
  /** How much of the suite the run judged (src/results/coverage.ts). */
  coverage: Coverage;
  startedAt: string;
  durationMs: number;
  seed: number;
  runs: number;
  readOnly: boolean;
  maxWrites?: number;
  strict: boolean;
  shard?: string;
  /** --check: the only checks asked for (the run-wide ones ran beside them); the others did not run. */
  only?: string[];
  /** --unmasked-evidence: personal data in the evidence is as the target sent it, not masked (every report says so). */
  unmaskedEvidence?: true;
  /** --skip-area: the areas whose checks were turned off (they are reported as skipped). */
  skippedAreas?: string[];
  /** The run began and did not end (stopped, or still running): the verdict is interrupted. */
  interrupted?: boolean;
  verdict: Verdict;
  summary: Summary;
  checks: CheckRecord[];
  requirements: RequirementRecord[];
  created: (CreatedResource & { check: string })[];
  /** The reads sent before any check to catch configuration mistakes (src/runner/preflight.ts). */
  preflight?: ExchangeEvidence[];
  errors: string[];
  /** The run's traffic: requests, 429s, the wall-clock pause for Retry-After, the rate the client adapted to. */
  traffic?: ThrottleStats;
  /** Eventual consistency: the settle window and the listing lag observed (median, max) of the writes whose listing was awaited. */
  consistency?: ConsistencyStats;
  /** The HAR of the run's traffic (relative to the report directory when inside it): "HAR entry N" in the reports is its entry whose _id is N, an exchange's seq. */
  har?: string;
  /** What each request grammar of the run covered: components, value classes, pairs covered of pairs total. */
  grammars?: GrammarCoverage[];
  /** Every list the run walked, with its size (the most items a walk read, and whether one read it to its end), largest first. */
  lists?: ListSize[];
  /** With --baseline: how the lists walked in both runs grew since it, and when a growing one reaches its bounds (growth.ts). */
  growth?: ListGrowth[];
  /** The value classes of a valid create body the run's accepted creates tried, and with the earlier runs' (--baseline) covered. */
  valueClasses?: ValueClassCoverage;
}

export const suiteVersion = (): string => suiteIdentity().version;
export const specHash = (): string => specIdentity().hash;

const SEVERITY: (Outcome | 'untested')[] = ['fail', 'warn', 'inconclusive', 'pass', 'skip'];

export function worstOutcome(outcomes: Outcome[]): Outcome | 'untested' {
  if (outcomes.length === 0) return 'untested';
  for (const outcome of SEVERITY) if (outcomes.includes(outcome as Outcome)) return outcome;
  return 'untested';
}

/** What a run gives to build its Results from: the run's own settings as Results holds them, and what its checks found. */
export interface ResultsInput extends Pick<
  Results,
  | 'target'
  | 'durationMs'
  | 'seed'
  | 'runs'
  | 'readOnly'
  | 'maxWrites'
  | 'strict'
  | 'shard'
  | 'only'
  | 'unmaskedEvidence'
  | 'skippedAreas'
  | 'preflight'
  | 'errors'
  | 'traffic'
  | 'consistency'
  | 'har'
  | 'lists'
  | 'valueClasses'
> {
  startedAt: Date;
  checkResults: CheckResult[];
  /** The run began and did not end (a signal, or the placeholder written until it ends): no verdict at all. */
  interrupted?: boolean;
  /** The run's id, the same for every results a run writes (its placeholder, its interrupted or final reports); absent: a new one. */
  runId?: string;
}

/**
 * Every FAIL and WARN carries a replay: the exchanges its findings pin; else a property's shrunk
 * counterexample; else the last exchange the check judged (a comparison of two walks, a count over
 * the run, where no single answer is the finding but the last one shows the state it was judged on).
 */
function curlOf(result: CheckResult): string[] {
  // In the findings' order, the leading finding's own request first: the line under a headline replays that headline.
  const leading = result.findings.filter((f) => f.severity === result.outcome);
  const ordered = [...leading, ...result.findings.filter((f) => f.severity !== result.outcome)];
  const seqs = [...new Set(ordered.flatMap((f) => (f.exchange !== undefined ? [f.exchange] : [])))];
  const pinned = seqs.flatMap((seq) => result.exchanges.filter((e) => e.seq === seq).map((e) => e.curl));
  if (pinned.length > 0 || (result.outcome !== 'fail' && result.outcome !== 'warn')) return pinned;
  const counterexamples = result.findings.flatMap((f) => (f.counterexampleCurl !== undefined ? [f.counterexampleCurl] : []));
  if (counterexamples.length > 0) return counterexamples;
  const last = result.exchanges.at(-1);
  return last ? [last.curl] : [];
}

export function buildResults(input: ResultsInput): Results {
  const checks: CheckRecord[] = input.checkResults.map((result) => {
    const spec = checkSpec(result.id);
    const req = requirement(spec.requirement);
    return {
      id: spec.id,
      area: spec.area,
      requirement: spec.requirement,
      covers: [...(spec.covers ?? [])],
      section: req.section,
      level: req.level,
      quote: req.quote,
      outcome: result.outcome,
      title: spec.title,
      ...(spec.description !== undefined ? { description: spec.description } : {}),
      message: result.message,
      durationMs: result.durationMs,
      findings: result.findings,
      exchanges: result.exchanges,
      exchangeCount: result.exchangeCount,
      curl: curlOf(result),
      ...(result.span !== undefined ? { span: result.span } : {}),
      ...(result.runWide ? { runWide: true as const } : {}),
    };
  });
  checks.sort((a, b) => registeredChecks.findIndex((c) => c.id === a.id) - registeredChecks.findIndex((c) => c.id === b.id));

  const summary = summaryOf(checks);

  const ran = new Map(checks.map((c) => [c.id, c]));
  const reqs: RequirementRecord[] = requirements.map((req) => {
    const covering = registeredChecks.filter((spec) => requirementsOf(spec).includes(req.id)).map((spec) => spec.id);
    const outcomes = covering.flatMap((id) => {
      const check = ran.get(id);
      return check ? [outcomeForRequirement(check, req.id)] : [];
    });
    const outcome = covering.length > 0 && outcomes.length === 0 ? 'not-run' : worstOutcome(outcomes);
    return { ...req, checks: covering, outcome };
  });

  const errors = [...input.errors, ...input.checkResults.filter((r) => r.internalError).map((r) => `${r.id}: ${r.internalError}`)];
  const interrupted = input.interrupted === true;
  const verdict = verdictOf({ summary, strict: input.strict, errors, interrupted });
  const suite = suiteIdentity();
  const spec = specIdentity();
  const scope = {
    ...(input.shard ? { shard: input.shard } : {}),
    ...(input.only ? { only: input.only } : {}),
    ...(input.skippedAreas && input.skippedAreas.length > 0 ? { skippedAreas: input.skippedAreas } : {}),
    ...(interrupted ? { interrupted } : {}),
  };
  const coverage = coverageOf({ ...input, ...scope, checks }, registeredChecks.length);

  return {
    // What was tested first, then who judged and how much: a certificate's reader looks for these in that order.
    target: input.target,
    runId: input.runId ?? randomUUID(),
    suiteVersion: suite.version,
    suite,
    specHash: spec.hash,
    spec,
    coverage,
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    seed: input.seed,
    runs: input.runs,
    readOnly: input.readOnly,
    ...(input.maxWrites !== undefined ? { maxWrites: input.maxWrites } : {}),
    strict: input.strict,
    ...scope,
    ...(input.unmaskedEvidence ? { unmaskedEvidence: true as const } : {}),
    verdict,
    summary,
    checks,
    requirements: reqs,
    created: input.checkResults.flatMap((r) => r.created.map((c) => ({ ...c, check: r.id }))),
    ...(input.preflight ? { preflight: input.preflight } : {}),
    errors,
    ...(input.traffic ? { traffic: input.traffic } : {}),
    ...(input.consistency ? { consistency: input.consistency } : {}),
    ...(input.har !== undefined ? { har: input.har } : {}),
    ...(input.lists !== undefined && input.lists.length > 0 ? { lists: input.lists } : {}),
    ...(input.valueClasses !== undefined ? { valueClasses: input.valueClasses } : {}),
    ...grammarsOf(input.checkResults),
  };
}

/** The grammars the checks explored, each once (the first check to report one names it). */
function grammarsOf(results: CheckResult[]): Pick<Results, 'grammars'> {
  const grammars = new Map<string, GrammarCoverage>();
  for (const result of results) for (const g of result.coverage ?? []) if (!grammars.has(g.grammar)) grammars.set(g.grammar, g);
  return grammars.size > 0 ? { grammars: [...grammars.values()] } : {};
}

export const exitCodeFor = (verdict: Verdict): number => (verdict === 'conformant' ? 0 : verdict === 'non-conformant' ? 1 : 2);

/** The listing lag a run observed (--settle-ms): measured by the harness, reported here. */
export interface ConsistencyStats {
  settleMs: number;
  /** Writes whose listing was awaited. */
  samples: number;
  medianLagMs: number | null;
  maxLagMs: number | null;
  /** How long absence proofs waited after the run's latest write, and why that long (settle.ts fittedWindow). */
  absenceWindowMs?: number;
  absenceWindowWhy?: string;
}
