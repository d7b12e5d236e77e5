/**
 * Who judged: the suite's name, version and digest, and how that digest stands to the released one
 * (release-record.ts). Computed once a process, from the files as they are when the run starts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../paths.js';
import { readReleaseRecord, RELEASE_RECORD } from './release-record.js';
import { suiteDigest } from './suite-digest.js';

/** released: the files are those recorded at release; modified: they differ from them; unreleased: no release recorded. */
export type ReleaseStatus = 'released' | 'modified' | 'unreleased';

export interface SuiteIdentity {
  name: string;
  version: string;
  digest: string;
  files: number;
  release: {
    status: ReleaseStatus;
    /** The released version and digest (suite-digest.json), when a release is recorded. */
    version?: string;
    digest?: string;
  };
}

export function suiteIdentityOf(root: string): SuiteIdentity {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  const { digest, files } = suiteDigest(root);
  const record = readReleaseRecord(root);
  const release: SuiteIdentity['release'] =
    record === undefined
      ? { status: 'unreleased' }
      : {
          status: record.digest === digest && record.version === manifest.version ? 'released' : 'modified',
          version: record.version,
          digest: record.digest,
        };
  return { name: manifest.name, version: manifest.version, digest, files, release };
}

let ours: SuiteIdentity | undefined;
/** This suite's identity, computed on first use. */
export const suiteIdentity = (): SuiteIdentity => (ours ??= suiteIdentityOf(packageRoot));

/** How the copy that ran stands to its release, in words every report shares. */
export function releaseText(release: SuiteIdentity['release']): string {
  if (release.status === 'released') return `released build (the digest ${RELEASE_RECORD} recorded at release)`;
  if (release.status === 'modified')
    return `MODIFIED since release ${release.version} (${RELEASE_RECORD} records ${release.digest}): not the released suite`;
  return `unreleased build (no ${RELEASE_RECORD}: no released digest to compare with)`;
}

/** "banklink-conformance 0.1.0, sha256:…, unreleased build (…)": the suite in one line. */
export const suiteText = (suite: SuiteIdentity): string => `${suite.name} ${suite.version}, ${suite.digest}, ${releaseText(suite.release)}`;
