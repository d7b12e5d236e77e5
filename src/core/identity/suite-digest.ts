/**
 * The digest that names the suite's own code: sha256 over the files it ships (shipped-files.ts), so a
 * report says which checks judged the target, not only a version number anyone can leave unchanged.
 *
 * Deterministic and content-only: the listing `sha256sum` would print for the shipped files (each
 * file's sha256, two spaces, its path; paths sorted bytewise, one a line), hashed again. No time,
 * mode or owner enters it, so two copies with the same files agree on any machine, and anyone can
 * recompute it without this code: `sha256sum` each shipped file, paths in bytewise order, from the
 * package's folder, and `sha256sum` that output (docs/reports.md shows the command).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shippedFiles } from './shipped-files.js';

export interface SuiteDigest {
  /** "sha256:" and 64 hex digits. */
  digest: string;
  /** How many files it covers. */
  files: number;
}

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

export function suiteDigest(root: string): SuiteDigest {
  const files = shippedFiles(root);
  const listing = files.map((path) => `${sha256(readFileSync(join(root, path)))}  ${path}\n`).join('');
  return { digest: `sha256:${sha256(listing)}`, files: files.length };
}
