/**
 * The run's results as flat JSON (schemas/results.schema.json): the verdict, counts, every check
 * with its requirement, every requirement with the checks that cover it, and what was created.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checks as registeredChecks, checkSpec, requirementsOf } from '../contract/checks/registry.js';
import type { CheckResult, CreatedResource, Finding, GrammarCoverage, Outcome } from '../contract/checks/types.js';
import type { ThrottleStats } from '../http/adaptive-throttle.js';
import type { ExchangeEvidence } from '../http/evidence.js';
import { packageRoot, specPath } from '../core/paths.js';
import { requirement, requirements, type Level } from '../core/requirements.js';
import { outcomeForRequirement } from './requirement-outcome.js';

export type Verdict = 'conformant' | 'non-conformant' | 'inconclusive' | 'could-not-run' | 'interrupted';

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

/** What was tested: enough to replay the run against the same data (never a token). */
export interface Target {
  baseUrl: string;
  embedded: boolean;
  userId?: string;
  userIdB?: string;
  secondCaller?: boolean;
}

export interface Results {
  suiteVersion: string;
  specHash: string;
  target: Target;
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
  verdict: Verdict;
  summary: Record<Outcome, number> & { total: number };
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
}

export const suiteVersion = (): string =>
  (JSON.parse(readFileSync(resolve(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
export const specHash = (): string => `sha256:${createHash('sha256').update(readFileSync(specPath)).digest('hex')}`;

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
  | 'preflight'
  | 'errors'
  | 'traffic'
  | 'consistency'
  | 'har'
> {
  startedAt: Date;
  checkResults: CheckResult[];
  /** The run began and did not end (a signal, or the placeholder written until it ends): no verdict at all. */
  interrupted?: boolean;
}

/**
 * Every FAIL and WARN carries a replay: the exchanges its findings pin; else a property's shrunk
 * counterexample; else the last exchange the check judged (a comparison of two walks, a count over
 * the run, where no single answer is the finding but the last one shows the state it was judged on).
 */
function curlOf(result: CheckResult): string[] {
  const pinned = result.exchanges.filter((e) => result.findings.some((f) => f.exchange === e.seq)).map((e) => e.curl);
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
    };
  });
  checks.sort((a, b) => registeredChecks.findIndex((c) => c.id === a.id) - registeredChecks.findIndex((c) => c.id === b.id));

  const summary = { pass: 0, fail: 0, warn: 0, skip: 0, inconclusive: 0, total: checks.length };
  for (const check of checks) summary[check.outcome] += 1;

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
  let verdict: Verdict;
  if (input.interrupted) verdict = 'interrupted';
  else if (summary.fail > 0 || (input.strict && summary.warn > 0)) verdict = 'non-conformant';
  else if (errors.length > 0) verdict = 'could-not-run';
  else if (summary.inconclusive > 0) verdict = 'inconclusive';
  else verdict = 'conformant';

  return {
    suiteVersion: suiteVersion(),
    specHash: specHash(),
    target: input.target,
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    seed: input.seed,
    runs: input.runs,
    readOnly: input.readOnly,
    ...(input.maxWrites !== undefined ? { maxWrites: input.maxWrites } : {}),
    strict: input.strict,
    ...(input.shard ? { shard: input.shard } : {}),
    ...(input.only ? { only: input.only } : {}),
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
  /** How long absence proofs waited after the run's latest write, and why that long (settle.ts absenceWindow). */
  absenceWindowMs?: number;
  absenceWindowWhy?: string;
}
