/**
 * A copy of the package as it ships (package.json and the files its `files` names), in a temp
 * directory, with the checkout's node_modules linked in: a stand-in for an installed release that
 * a test may change without touching the real tree, and that runs in seconds (test/matrix/pack.test.ts
 * runs the real `npm pack` and install, in minutes).
 */
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packageRoot } from '../../src/core/paths.js';
import { shippedFiles } from '../../src/core/identity/shipped-files.js';
import { writeReleaseRecord } from '../../src/core/identity/release-record.js';
import { suiteIdentityOf } from '../../src/core/identity/suite-identity.js';

/** Copies the shipped files into a new temp directory; `released`: records their digest there, as prepack does. */
export function packageCopy(options: { released: boolean }): string {
  const copy = mkdtempSync(join(tmpdir(), 'blc-package-'));
  for (const path of [...shippedFiles(packageRoot), 'package.json']) {
    mkdirSync(dirname(join(copy, path)), { recursive: true });
    cpSync(join(packageRoot, path), join(copy, path));
  }
  symlinkSync(join(packageRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
  if (options.released) {
    const suite = suiteIdentityOf(copy);
    writeReleaseRecord(copy, suite.name, suite.version, suite);
  }
  return copy;
}

/** Node's arguments that start the copy's CLI through tsx, as its bin does (for runCli's `entry`). */
export const cliOf = (copy: string): string[] => ['--import', import.meta.resolve('tsx'), join(copy, 'src', 'bin', 'cli.ts')];
