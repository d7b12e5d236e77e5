/**
 * Runs one fast-check property against the target, as a check: the seed is the run's --seed (so the
 * same seed replays the same inputs in the same order), async, and bounded three ways:
 * - shrinking re-sends requests (writes, for creation properties), so after the first failure only
 *   `shrinkCalls` more inputs are judged; the rest are skipped (fc.pre), which fast-check's
 *   shrinker treats as "not a failure" and so keeps the smallest counterexample found so far;
 * - a judge that cannot go on (write budget spent, --read-only, a timeout, throttling) halts the
 *   property: no further input is sent, and the outcome says how many runs were proved;
 * - a time limit (fast-check's interruptAfterTimeLimit) keeps the check under its own time bound.
 */
import fc from 'fast-check';
import type { Exchange } from '../../http/exchange.js';
import { isHttpError } from '../../http/errors.js';
import { toEvidence } from '../../http/evidence.js';
import type { Probe } from '../../harness/probe.js';
import { writesNeeded } from '../../harness/writes-needed.js';

export interface Verdict {
  ok: boolean;
  /** Why the input breaks the property (when not ok). */
  problem?: string;
  expected?: string;
  actual?: string;
  /** The exchange that shows it. */
  exchange?: Exchange;
  /** The requirements the failure breaks, when the judge can tell (see Finding.requirements). */
  requirements?: string[];
  /** A convention broken while the property held (reported as a warn, once per distinct key). */
  warning?: { key: string; message: string; exchange?: Exchange };
  /** The input held, but only vacuously: nothing could be proved about it (said in the pass note). */
  unproven?: string;
}

export interface PropertySpec<T> {
  arbitrary: fc.Arbitrary<T>;
  numRuns: number;
  judge: (value: T) => Promise<Verdict>;
  /** The input as a reader wants it in a counterexample (a request body, an id). */
  describe: (value: T) => string;
  /** Inputs judged after the first failure, at most (each may send a request). */
  shrinkCalls?: number;
  timeLimitMs?: number;
  /** Inputs judged first, every run, before the generated ones (a systematic core the random draws add to). */
  examples?: T[];
}

export interface Warning<T> {
  key: string;
  message: string;
  exchange?: Exchange;
  value: T;
}

export interface PropertyOutcome<T> {
  seed: number;
  /** Inputs judged before any failure (the runs that count as proof). */
  judged: number;
  unproven: number;
  /** Why the first input that proved nothing did not (the listing it needed was cut, ...). */
  unprovenWhy?: string;
  failure?: { path: string; value: T; verdict: Verdict; shrinks: number };
  /** Why generation stopped early: the write budget, read-only mode (the check skips or passes with a note). */
  stoppedBy?: string;
  /** A transport problem that stopped the property (the check is inconclusive). */
  brokenBy?: string;
  interrupted: boolean;
  warnings: Warning<T>[];
}

export const DEFAULT_SHRINK_CALLS = 8;

export async function runProperty<T>(t: Probe, spec: PropertySpec<T>): Promise<PropertyOutcome<T>> {
  const seed = t.settings.seed;
  let failedOnce = false;
  let shrinkCalls = 0;
  let judged = 0;
  let unproven = 0;
  let unprovenWhy: string | undefined;
  let lastFailure: { value: T; verdict: Verdict } | undefined;
  let stoppedBy: string | undefined;
  let brokenBy: string | undefined;
  const warnings = new Map<string, Warning<T>>();
  const shrinkBound = spec.shrinkCalls ?? DEFAULT_SHRINK_CALLS;

  const property = fc.asyncProperty(spec.arbitrary, async (value) => {
    if (stoppedBy !== undefined || brokenBy !== undefined) {
      if (failedOnce) fc.pre(false);
      return true;
    }
    if (failedOnce) {
      shrinkCalls += 1;
      if (shrinkCalls > shrinkBound) fc.pre(false);
    }
    let verdict: Verdict;
    try {
      verdict = await spec.judge(value);
    } catch (error) {
      if (!isHttpError(error)) throw error;
      if (error.code === 'WRITE_BUDGET' || error.code === 'READ_ONLY') stoppedBy = error.message;
      else brokenBy = error.message;
      if (failedOnce) fc.pre(false);
      return true;
    }
    if (!failedOnce) {
      if (verdict.ok) judged += 1;
      if (verdict.ok && verdict.unproven !== undefined) {
        unproven += 1;
        unprovenWhy ??= verdict.unproven;
      }
      if (verdict.warning && !warnings.has(verdict.warning.key)) {
        warnings.set(verdict.warning.key, { ...verdict.warning, value });
      }
    }
    if (!verdict.ok) {
      failedOnce = true;
      lastFailure = { value, verdict };
    }
    return verdict.ok;
  });

  const details = await fc.check(property, {
    seed,
    numRuns: Math.max(1, spec.numRuns),
    ...(spec.examples !== undefined ? { examples: spec.examples.map((e): [T] => [e]) } : {}),
    // Inputs are skipped only after a failure (shrink bound) or once halted; never a reason to give up.
    maxSkipsPerRun: 1_000,
    plugins: [fc.interruptAfterTimeLimit(spec.timeLimitMs ?? Math.floor(t.settings.checkTimeoutMs * 0.6))],
  });
  if (details.failed && details.interrupted && !lastFailure) {
    // The time limit came before the first input was judged (fast-check reports it as a failure with no error).
    brokenBy ??= `the check's time limit passed before the first input was judged (a slow target, or --settle-ms too long for it)`;
  } else if (details.failed && details.errorInstance !== undefined && !lastFailure) {
    // The judge itself threw something that is not an HTTP error: a defect of the check.
    throw details.errorInstance;
  }
  return {
    seed,
    judged,
    unproven,
    ...(unprovenWhy !== undefined ? { unprovenWhy } : {}),
    ...(details.failed && lastFailure && details.counterexamplePath !== null
      ? {
          failure: {
            path: details.counterexamplePath,
            value: lastFailure.value,
            verdict: lastFailure.verdict,
            shrinks: details.numShrinks,
          },
        }
      : {}),
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
    ...(brokenBy !== undefined ? { brokenBy } : {}),
    interrupted: details.interrupted,
    warnings: [...warnings.values()],
  };
}

/**
 * The inputs runProperty draws for `spec` while every one holds, in its order: the same seed, runs
 * and examples through fast-check, with nothing judged (so they can be sent ahead, side by side).
 */
export async function drawnInputs<T>(t: Probe, spec: Pick<PropertySpec<T>, 'arbitrary' | 'numRuns' | 'examples'>): Promise<T[]> {
  const drawn: T[] = [];
  await fc.check(
    fc.asyncProperty(spec.arbitrary, async (value) => {
      drawn.push(value);
      return true;
    }),
    {
      seed: t.settings.seed,
      numRuns: Math.max(1, spec.numRuns),
      ...(spec.examples !== undefined ? { examples: spec.examples.map((e): [T] => [e]) } : {}),
    },
  );
  return drawn;
}

/** The counterexample of a finding: seed, path and the shrunk input; its curl line stands apart. */
export function counterexampleText<T>(outcome: PropertyOutcome<T>, describe: (value: T) => string): string | undefined {
  const failure = outcome.failure;
  if (!failure) return undefined;
  return `seed ${outcome.seed}, path "${failure.path}" (replay: --seed ${outcome.seed}), shrunk ${failure.shrinks} time(s): ${describe(failure.value)}`;
}

/** The curl line that sends an input again, when it was sent (redacted like every other curl line). */
export const counterexampleCurl = (t: Probe, exchange: Exchange | undefined): string | undefined =>
  exchange ? toEvidence(exchange, t.run.redactor).curl : undefined;

const curlOf = (t: Probe, exchange: Exchange | undefined): { counterexampleCurl?: string } => {
  const curl = counterexampleCurl(t, exchange);
  return curl !== undefined ? { counterexampleCurl: curl } : {};
};

/**
 * Turns the outcome into the check's findings and ending: a fail with the counterexample, a warn
 * per distinct convention broken, inconclusive when the transport broke, skip when nothing could be
 * sent, otherwise a pass whose note says how much was proved.
 */
export function reportProperty<T>(t: Probe, outcome: PropertyOutcome<T>, options: { what: string; describe: (value: T) => string }): void {
  const { failure } = outcome;
  if (failure) {
    const counterexample = counterexampleText(outcome, options.describe) as string;
    t.fail(`${options.what} does not hold: ${failure.verdict.problem ?? 'the property failed'}`, {
      ...(failure.verdict.exchange ? { exchange: failure.verdict.exchange } : {}),
      ...(failure.verdict.expected !== undefined ? { expected: failure.verdict.expected } : {}),
      ...(failure.verdict.actual !== undefined ? { actual: failure.verdict.actual } : {}),
      ...(failure.verdict.requirements !== undefined ? { requirements: failure.verdict.requirements } : {}),
      counterexample,
      ...curlOf(t, failure.verdict.exchange),
    });
  }
  for (const warning of outcome.warnings) {
    const example = `seed ${outcome.seed} (replay: --seed ${outcome.seed}): ${options.describe(warning.value)}`;
    t.warn(warning.message, {
      ...(warning.exchange ? { exchange: warning.exchange } : {}),
      counterexample: example,
      ...curlOf(t, warning.exchange),
    });
  }
  if (failure) return;
  if (outcome.brokenBy !== undefined)
    t.inconclusive(`${options.what}: held for ${outcome.judged} run(s), then the target could not be asked further: ${outcome.brokenBy}`);
  if (outcome.judged === 0 && outcome.stoppedBy !== undefined)
    t.skip(`${options.what}: nothing could be sent: ${outcome.stoppedBy}; raise --max-writes to run it (${writesNeeded(t.settings.runs)})`);
  const proved = outcome.judged - outcome.unproven;
  // A property that held only where it could prove nothing has not been seen to hold: no pass.
  if (proved === 0 && outcome.unproven > 0) {
    t.inconclusive(
      `${options.what}: none of its ${outcome.unproven} generated input(s) could be proved (the first: ${outcome.unprovenWhy ?? 'no reason given'})`,
    );
  }
  const notes = [
    outcome.stoppedBy !== undefined ? `generation stopped early: ${outcome.stoppedBy}` : undefined,
    outcome.interrupted ? 'stopped by the time limit' : undefined,
    outcome.unproven > 0 ? `${outcome.unproven} run(s) proved nothing` : undefined,
  ].filter((n): n is string => n !== undefined);
  t.passed(
    `${options.what}: held for ${proved} generated input(s) (seed ${outcome.seed})${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`,
  );
}
