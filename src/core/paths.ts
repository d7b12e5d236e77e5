/** Where the package's own files are, whether run from a clone, installed from npm, or bundled. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder above this module whose package.json is this package's: found by name, not by
 * depth, so the same code works from src/core/ and from a one-file bundle of the CLI elsewhere in
 * the package (the project's tests start the CLI from such a bundle: test/support/cli-bundle.ts).
 */
function findPackageRoot(from: string): string {
  for (let dir = from, depth = 0; depth < 20; dir = dirname(dir), depth++) {
    const manifest = resolve(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'banklink-conformance')
      return dir;
    if (dirname(dir) === dir) break;
  }
  throw new Error(`banklink-conformance: no package.json of banklink-conformance above ${from}; reinstall the package`);
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const schemasDir = resolve(packageRoot, 'schemas');
export const suitesDir = resolve(packageRoot, 'suites');
/** The spec the catalog quotes, shipped with the package (a test keeps it equal to ../shared/spec). */
export const specPath = resolve(packageRoot, 'spec', 'bank-linking-api.md');
