/**
 * How `npm run mutation` judges one mutant of the reference: the conformance run, as the CLI makes
 * it, first against the embedded reference (default choices) with --fail-fast --strict, then, only
 * when that passes, against the legitimate variations whose code the baseline never runs: offset
 * cursors, newest first, an empty page after a full one, a capped limit, paged RfP, 200 for a
 * creation, problem+json errors, +00:00 timestamps, lenient validation, 403 for a refusal. The first
 * run that is not conformant kills the mutant; a mutant every run passes survived. --strict where
 * the variation gets no warn (its conventions are the recommended ones), so a mutant that breaks a
 * SHOULD is killed too.
 *
 * Each run is the CLI's: its flags through loadConfig, then the one pipeline every run goes through
 * (src/runner/conformance-run.ts: settings, preflight, every suite, the verdict); only the process
 * is kept (Stryker's test runner, stryker-plugins/conformance-runner.mjs, calls this in one
 * long-lived process per worker, with the mutant switched on in between), since starting node and
 * tsx was most of each short run. The references are started here, in this process, from the
 * (mutated) reference code; the checks run in the same process from suites/ and src/, which import
 * nothing of src/lab/ (the architecture test holds that), so they are never mutated.
 *
 *   node --import tsx scripts/mutation-judge.ts                       # the reference as it is: conformant
 *   node --import tsx scripts/mutation-judge.ts --fault NAME [--fault NAME]... [--again-without-faults]
 *   node --import tsx scripts/mutation-judge.ts --only lists-desc-offset-capped   # one target (or "baseline")
 *
 * With --fault the reference has a catalogued fault on, as a mutant would: the judgement must be
 * "not conformant". --again-without-faults judges once more in the same process, faults off, as
 * Stryker's next mutant would be: a run cut short by --fail-fast must leave the process able to judge again.
 */
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config/config.js';
import { isFaultName, type AnyFaultName } from '../src/lab/faults/index.js';
import { startReference } from '../src/lab/server.js';
import { conformanceRun } from '../src/runner/conformance-run.js';
import { runSuites } from '../src/runner/check-engine.js';

/** The targets in judging order: the baseline, then the variations reaching the most code the baseline does not. */
export const JUDGE_TARGETS: readonly { variation?: string; strict: boolean }[] = [
  { strict: true },
  { variation: 'lists-desc-offset-capped', strict: true },
  { variation: 'ok-200-desc-offset', strict: true },
  // 2 warns each (a SHOULD they legitimately do otherwise): 422 for input and unknown users; 403 for a refusal.
  { variation: 'lenient-capped', strict: false },
  { variation: 'paged-rfp-403', strict: false },
];
/** A consistent in-memory target: no settle window; properties at the CLI's default --runs, as a user's run makes them. */
const COMMON = ['--fail-fast', '--seed', '42', '--settle-ms', '0', '--timeout-ms', '3000'];

export interface Judgement {
  killed: boolean;
  /** Which run killed the mutant and how (the first failing check, or why it could not run); or what passed. */
  reason: string;
  /** Conformance runs made. */
  runs: number;
}

const targetName = (variation: string | undefined): string =>
  variation === undefined ? 'the embedded reference' : `variation ${variation}`;

export class MutantJudge {
  /** Catalogued faults switched on in every reference started (only to prove the judge can fail). */
  faults: readonly AnyFaultName[] = [];
  /** The targets judged against, in order (all of JUDGE_TARGETS unless narrowed by hand, --only). */
  targets: readonly { variation?: string; strict: boolean }[] = JUDGE_TARGETS;

  async judge(): Promise<Judgement> {
    let runs = 0;
    for (const { variation, strict } of this.targets) {
      const reference = await startReference({ ...(variation === undefined ? {} : { variation }), faults: this.faults });
      try {
        runs += 1;
        const failure = await this.runAgainst(reference, variation, strict);
        if (failure !== undefined) return { killed: true, reason: `${targetName(variation)}: ${failure}`, runs };
      } finally {
        await reference.close();
      }
    }
    return { killed: false, reason: `conformant in all ${runs} run(s)`, runs };
  }

  /** One conformance run as the CLI makes it; undefined when it is conformant, else what was wrong. */
  private async runAgainst(
    reference: Awaited<ReturnType<typeof startReference>>,
    variation: string | undefined,
    strict: boolean,
  ): Promise<string | undefined> {
    const { a, b } = reference.callers;
    // The baseline is the CLI with no --base-url; a variation is given as a partner gives a target.
    const argv = [...COMMON, ...(strict ? ['--strict'] : []), ...(variation === undefined ? [] : ['--base-url', reference.url])];
    const env =
      variation === undefined
        ? {}
        : {
            CONFORMANCE_TOKEN: a.token,
            CONFORMANCE_USER_ID: a.userIds[0],
            CONFORMANCE_TOKEN_B: b.token,
            CONFORMANCE_USER_ID_B: b.userIds[0],
          };
    const config = loadConfig({ argv, env });
    const done = await conformanceRun({
      config,
      ...(variation === undefined ? { reference } : {}),
      runChecks: (settings) => runSuites(settings, { failFast: config.failFast, deadlineMs: config.maxDurationS * 1000 }),
    });
    const { results, redactor, run } = done;
    if (done.refusal !== undefined) return `could not run: ${done.refusal}`;
    if (done.code === 0 || run === undefined) return undefined;
    const first = run.results.find((r) => r.outcome === 'fail') ?? run.results.find((r) => r.outcome !== 'pass' && r.outcome !== 'skip');
    const what = first !== undefined ? `${first.id} ${first.outcome}: ${first.message}` : (run.errors[0] ?? 'no check result');
    return redactor.text(`${results.verdict}, ${what}`).slice(0, 500);
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const named = args.flatMap((arg, i) => (arg === '--fault' && args[i + 1] !== undefined ? [args[i + 1] as string] : []));
  for (const name of named)
    if (!isFaultName(name)) throw new Error(`--fault ${name}: not a fault of the catalog (npm run serve -- --list-faults)`);
  const faults = named.filter(isFaultName);
  const only = args[args.indexOf('--only') + 1];
  const judge = new MutantJudge();
  if (args.includes('--only')) {
    judge.targets = JUDGE_TARGETS.filter((t) => (t.variation ?? 'baseline') === only);
    if (judge.targets.length === 0)
      throw new Error(`--only ${only}: not one of ${JUDGE_TARGETS.map((t) => t.variation ?? 'baseline').join(', ')}`);
  }
  let killed = false;
  for (const faultsOn of args.includes('--again-without-faults') ? [faults, []] : [faults]) {
    judge.faults = faultsOn;
    const started = Date.now();
    const judgement = await judge.judge();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `${faultsOn.length > 0 ? `faults ${faultsOn.join(', ')}` : 'no fault'}: ${judgement.killed ? 'not conformant' : 'conformant'}: ${judgement.reason} (${judgement.runs} runs, ${seconds} s)`,
    );
    killed ||= judgement.killed;
  }
  process.exitCode = killed ? 1 : 0;
}
