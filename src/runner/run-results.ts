/**
 * A run's Results (results.json, the reports, the verdict) from what its checks and preflight gave,
 * built the same way for the CLI and for `npm run mutation`'s judge, so both reach the same verdict.
 */
import type { CheckResult } from '../contract/checks/types.js';
import { randomUUID } from 'node:crypto';
import { checksNamed, skippedAreas, type Config } from '../config/config.js';
import { parseImplementation, type Implementation } from '../core/identity/implementation.js';
import type { ExchangeEvidence } from '../http/evidence.js';
import type { Redactor } from '../http/redact.js';
import { buildResults, type Results, type ResultsInput } from '../results/results.js';
import type { RunSettings } from '../harness/settings.js';

export type RunResults = (
  checkResults: CheckResult[],
  errors: string[],
  preflightReads: ExchangeEvidence[],
  conditions?: Pick<ResultsInput, 'traffic' | 'consistency' | 'har' | 'interrupted' | 'lists' | 'valueClasses'>,
) => Results;

/** The implementation --implementation names (the configuration has validated it), or undefined when none was named. */
export function implementationOf(config: Pick<Config, 'implementation'>): Implementation | undefined {
  if (config.implementation === undefined) return undefined;
  const parsed = parseImplementation(config.implementation);
  return 'problem' in parsed ? undefined : parsed;
}

/** `runId`: the id the run's reports share (the CLI's placeholder reports name it before the checks start). */
export function runResultsFor(
  config: Config,
  settings: RunSettings,
  startedAt: Date,
  redactor: Redactor,
  runId: string = randomUUID(),
): RunResults {
  const implementation = implementationOf(config);
  const areasOff = skippedAreas(config.skipArea);
  return (checkResults, errors, preflightReads, conditions = {}) =>
    buildResults({
      runId,
      target: {
        ...(implementation ? { implementation } : {}),
        baseUrl: settings.baseUrl,
        embedded: settings.embedded,
        // What a replay must name to send the same requests; the embedded reference seeds its own.
        ...(settings.embedded ? {} : { userId: settings.userIdA, secondCaller: settings.tokenB !== undefined }),
        ...(settings.userChoice ? { userChoice: settings.userChoice } : {}),
        ...(!settings.embedded && settings.userIdB !== undefined ? { userIdB: settings.userIdB } : {}),
      },
      startedAt,
      durationMs: Date.now() - startedAt.getTime(),
      seed: settings.seed,
      runs: settings.runs,
      readOnly: settings.readOnly,
      // Only when given: a replay without it gets the same default budget, paging top-up on top.
      ...(config.maxWritesGiven ? { maxWrites: settings.maxWrites } : {}),
      strict: config.strict,
      ...(config.shard ? { shard: config.shard } : {}),
      ...(config.check ? { only: checksNamed(config.check) } : {}),
      ...(settings.unmaskedEvidence ? { unmaskedEvidence: true } : {}),
      ...(areasOff.length > 0 ? { skippedAreas: areasOff } : {}),
      checkResults,
      preflight: preflightReads,
      errors: errors.map((e) => redactor.text(e)),
      ...conditions,
    });
}
