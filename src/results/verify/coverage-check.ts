/**
 * Whether the run covered the whole suite: its coverage recomputed with the run's own function
 * (src/results/coverage.ts) from its checks and settings, held against what results.json states,
 * and then required complete. A reduced run can be a true report, but not a whole certificate.
 */
import { checks as registeredChecks } from '../../contract/checks/registry.js';
import { suiteIdentity } from '../../core/identity/suite-identity.js';
import { coverageOf } from '../coverage.js';
import type { Results } from '../results.js';
import { failed, ok, type VerifyItem } from './item.js';

const NAME = 'coverage';

export function checkCoverage(results: Results): VerifyItem {
  // The suite that ran knew how many checks it has; this one knows only its own version's count.
  const sameSuite = results.suite.version === suiteIdentity().version;
  const inSuite = sameSuite ? registeredChecks.length : results.coverage.checks.inSuite;
  const derived = coverageOf(results, inSuite);
  if (derived.text !== results.coverage.text || derived.checks.notRun !== results.coverage.checks.notRun)
    return failed(NAME, `results.json states "${results.coverage.text}", but its checks and settings give "${derived.text}"`);
  if (derived.status !== 'complete') return failed(NAME, `${derived.text}: not a whole run of the suite`);
  return ok(NAME, `complete: all ${derived.checks.inSuite} checks ran, none skipped or inconclusive`);
}
