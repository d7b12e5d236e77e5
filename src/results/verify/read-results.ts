/**
 * The results.json of a report directory, read and held to its schema (schemas/results.schema.json)
 * before anything is made of it: the other checks of `verify` read its members.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '../../contract/schema/validator.js';
import type { Results } from '../results.js';
import { couldNotCheck, failed, ok, type VerifyItem } from './item.js';

const NAME = 'results.json schema';

export function readResults(dir: string): { item: VerifyItem; results?: Results } {
  const file = join(dir, 'results.json');
  if (!existsSync(file)) return { item: couldNotCheck(NAME, `no results.json in ${dir}: nothing to verify the reports against`) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { item: failed(NAME, `results.json is not JSON (${(error as Error).message})`) };
  }
  const violations = validate('results', parsed);
  if (violations.length > 0) {
    const shown = violations.slice(0, 3).map((v) => `${v.path || '/'} ${v.message}`);
    return {
      item: failed(
        NAME,
        `results.json is not valid against schemas/results.schema.json: ${shown.join('; ')}${violations.length > 3 ? ` (and ${violations.length - 3} more)` : ''}`,
      ),
    };
  }
  return { item: ok(NAME, 'valid against schemas/results.schema.json'), results: parsed as Results };
}
