/**
 * Whether the suite that judged was a released one: the digest results.json states, held against
 * the digest recorded at release (suite-digest.json) of the same version, as this installation of
 * the suite holds it. A run's own word that it was released proves nothing (results.json can be
 * edited); a run that says its suite was modified is believed.
 */
import { RELEASE_RECORD } from '../../core/identity/release-record.js';
import { suiteIdentity, type SuiteIdentity } from '../../core/identity/suite-identity.js';
import type { Results } from '../results.js';
import { couldNotCheck, failed, ok, type VerifyItem } from './item.js';

const NAME = 'suite digest';

export function checkSuite(results: Results, verifier: SuiteIdentity = suiteIdentity()): VerifyItem {
  const ran = results.suite;
  const released = verifier.release;
  if (released.digest !== undefined && released.version === ran.version) {
    if (ran.digest === released.digest)
      return ok(
        NAME,
        `${ran.digest} equals the released digest of ${ran.name} ${ran.version} (the ${RELEASE_RECORD} of this installation)`,
      );
    return failed(
      NAME,
      `${ran.digest} is not the released digest of ${ran.name} ${ran.version} (${released.digest}): the suite that ran was not the released one`,
    );
  }
  if (ran.release.status === 'modified')
    return failed(
      NAME,
      `the run states its suite was modified since release ${ran.release.version ?? ''}: ${ran.digest} is not a released digest`.replace(
        ' :',
        ':',
      ),
    );
  const why =
    released.digest === undefined
      ? `this copy of ${verifier.name} (${verifier.version}) is an unreleased build: it holds no released digest to compare ${ran.digest} with; verify with an installed release of ${ran.version}`
      : `this installation holds the released digest of ${verifier.version}, the run used ${ran.version}: verify with an installed release of ${ran.version}`;
  return couldNotCheck(NAME, `${why} (the run states: ${ran.release.status} build)`);
}
