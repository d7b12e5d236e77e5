/**
 * `npm pack` / `npm publish` run this as prepack: it records the digest of the files about to ship
 * in suite-digest.json, which ships with them, so an installed copy can tell at run time whether
 * its files are still those of the release (src/core/identity/release-record.ts). As postpack
 * (`--remove`) it takes the record out of the working tree again: a clone is not a release, and
 * must go on saying "unreleased build" after someone packed it.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/core/paths.js';
import { RELEASE_RECORD, writeReleaseRecord } from '../src/core/identity/release-record.js';
import { suiteIdentityOf } from '../src/core/identity/suite-identity.js';

if (process.argv.includes('--remove')) {
  rmSync(join(packageRoot, RELEASE_RECORD), { force: true });
} else {
  rmSync(join(packageRoot, RELEASE_RECORD), { force: true });
  // Computed with the record out of the way: it is never part of the digest, and a stale one must not be read.
  const suite = suiteIdentityOf(packageRoot);
  const record = writeReleaseRecord(packageRoot, suite.name, suite.version, suite);
  console.error(`${RELEASE_RECORD}: ${record.name} ${record.version} ${record.digest} (${record.files} files)`);
}
