/**
 * `npm run build:openapi`: regenerates schemas/openapi.json from schemas/*.schema.json.
 * `--check` writes nothing and exits 1 when the committed file is stale (for CI).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApi, openApiText } from '../src/contract/openapi/document.js';
import { schemasDir } from '../src/core/paths.js';
import { suiteVersion } from '../src/results/results.js';

const target = resolve(schemasDir, 'openapi.json');
const text = openApiText(buildOpenApi({ schemasDir, version: suiteVersion() }));
if (process.argv.includes('--check')) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== text) {
    console.error(`${target} is stale: run npm run build:openapi and commit it`);
    process.exit(1);
  }
  console.log(`${target} is up to date`);
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
