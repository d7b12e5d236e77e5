/**
 * The digest a release recorded of itself: suite-digest.json, written into the package as it is
 * packed (`npm pack` / `npm publish` run scripts/record-suite-digest.ts as prepack) and shipped with
 * it. A copy that computes another digest at run time has been changed since; a copy without the
 * file (a clone, a build from source) is an unreleased build, and says so rather than guess.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SuiteDigest } from './suite-digest.js';

export const RELEASE_RECORD = 'suite-digest.json';

export interface ReleaseRecord {
  name: string;
  version: string;
  digest: string;
  files: number;
}

/** The record of the package at `root`, undefined when there is none; a record that cannot be read is an error, never "unreleased". */
export function readReleaseRecord(root: string): ReleaseRecord | undefined {
  const path = join(root, RELEASE_RECORD);
  if (!existsSync(path)) return undefined;
  const record = JSON.parse(readFileSync(path, 'utf8')) as Partial<ReleaseRecord>;
  if (typeof record.digest !== 'string' || typeof record.version !== 'string')
    throw new Error(`${path} holds no digest and version: write it again with scripts/record-suite-digest.ts, or remove it`);
  return { name: record.name ?? 'banklink-conformance', version: record.version, digest: record.digest, files: record.files ?? 0 };
}

export function writeReleaseRecord(root: string, name: string, version: string, digest: SuiteDigest): ReleaseRecord {
  const record: ReleaseRecord = { name, version, digest: digest.digest, files: digest.files };
  writeFileSync(join(root, RELEASE_RECORD), `${JSON.stringify(record, null, 2)}\n`);
  return record;
}
