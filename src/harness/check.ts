/**
 * conformanceCheck(spec, body): declares one check in the suite file being loaded (inSuite names
 * it): its id, area, requirement and title, and the body that judges it, in one place. The typed
 * catalog of src/contract/checks (CheckId, --list, the reports, the fault catalog's caughtBy) is
 * generated from these declarations (scripts/check-catalog.ts, `npm run build:docs`). Declaring sends
 * nothing: the check engine (src/runner/check-engine.ts) loads the suites once per process and runs
 * their checks for each run, with that run's context.
 * runCheck is one check's run: its probe, its skip by area, and how its ending becomes its result.
 */
import { sendingFor } from '../http/sender.js';
import type { CheckResult, CheckSpec } from '../contract/checks/types.js';
import { isHttpError } from '../http/errors.js';
import type { RunContext } from './context-for.js';
import type { Phase } from './phases.js';
import { Probe } from './probe.js';
import { InconclusiveSignal, SkipSignal } from './signals.js';

export interface CheckOptions {
  /** Run alone, in file order (create-then-list sequences, walks that must see no writes). */
  sequential?: boolean;
}

export type CheckBody = (probe: Probe) => Promise<void>;

export interface DeclaredCheck {
  spec: CheckSpec;
  body: CheckBody;
  sequential: boolean;
  /** The suite that declares it (--shard deals suites): one file's, or several files' that name one suite (suites/pagination.*.ts). */
  suite: string;
  /** When it runs (src/harness/phases.ts): the checks of one phase end before the next phase's begin. */
  phase: Phase;
}

const declared: DeclaredCheck[] = [];
let loading: { suite: string; phase: Phase } = { suite: 'unnamed', phase: 'reads' };

/** Names the suite whose checks are declared next, and its phase (the first statement of every suite file). */
export function inSuite(name: string, phase: Phase): void {
  loading = { suite: name, phase };
}

export function conformanceCheck(spec: CheckSpec, body: CheckBody, options: CheckOptions = {}): void {
  if (declared.some((c) => c.spec.id === spec.id))
    throw new Error(`check ${spec.id} is declared twice (the second time in suite ${loading.suite})`);
  declared.push({ spec, body, sequential: options.sequential === true, ...loading });
}

/** Every check declared so far, in the order declared (the suites' import order, then each file's). */
export function declaredChecks(): readonly DeclaredCheck[] {
  return declared;
}

/** One check against one run: its result, whatever way it ends (a thrown error is an internal error, never a crash of the run). */
export async function runCheck(check: DeclaredCheck, run: RunContext): Promise<CheckResult> {
  const probe = new Probe(check.spec, run);
  const started = performance.now();
  const ended: { skip?: string; inconclusive?: string; internalError?: string } = {};
  try {
    if (run.judged.areaTurnedOff(check.spec.area))
      probe.skip(`the ${check.spec.area} checks are turned off by --skip-area; run without it to judge this`);
    await sendingFor(check.spec.id, () => check.body(probe));
  } catch (error) {
    if (error instanceof SkipSignal) ended.skip = error.reason;
    else if (error instanceof InconclusiveSignal) ended.inconclusive = error.reason;
    else if (isHttpError(error) && (error.code === 'READ_ONLY' || error.code === 'WRITE_BUDGET')) ended.skip = error.message;
    else if (isHttpError(error)) ended.inconclusive = error.message;
    else ended.internalError = (error as Error)?.stack ?? String(error);
  }
  return probe.result(ended, Math.round(performance.now() - started));
}
