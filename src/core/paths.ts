/** Where the package's own files are, whether run from a clone or installed from npm. */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const schemasDir = resolve(packageRoot, 'schemas');
export const suitesDir = resolve(packageRoot, 'suites');
/** The spec the catalog quotes, shipped with the package (a test keeps it equal to ../shared/spec). */
export const specPath = resolve(packageRoot, 'spec', 'bank-linking-api.md');
