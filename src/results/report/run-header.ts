/**
 * The lines a run prints as it starts (stderr), the implementation first: what is being tested, by
 * which suite (its digest) and spec, and what the run is about to do. A log that ends mid-run still
 * says who tested what.
 */
import type { Implementation } from '../../core/identity/implementation.js';
import { specIdentity, specText } from '../../core/identity/spec-identity.js';
import { suiteIdentity, suiteText } from '../../core/identity/suite-identity.js';
import { implementationLine } from './identity.js';

export interface RunHeader {
  implementation: Implementation | undefined;
  baseUrl: string;
  /** What runs: "91 checks", or the --check ids. */
  checks: string;
  runId: string;
  seed: number;
}

export function runHeader(run: RunHeader): string {
  return [
    implementationLine(run.implementation),
    `suite: ${suiteText(suiteIdentity())}`,
    `spec: ${specText(specIdentity())}`,
    `run ${run.runId}: ${run.checks} against ${run.baseUrl} (seed ${run.seed})`,
  ].join('\n');
}
