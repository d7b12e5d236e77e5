/**
 * Whether the run named what it certifies (--implementation NAME@VERSION): a report of an unnamed
 * server can be true, but the reader of a certificate cannot tell which server it speaks of.
 */
import type { Results } from '../results.js';
import { couldNotCheck, ok, type VerifyItem } from './item.js';

const NAME = 'implementation';

export function checkImplementation(results: Results): VerifyItem {
  const named = results.target.implementation;
  if (named === undefined)
    return couldNotCheck(
      NAME,
      'the run named no implementation, so nothing ties the report to a server: run again with --implementation NAME@VERSION (or CONFORMANCE_IMPLEMENTATION in .env)',
    );
  return ok(NAME, `${named.name}@${named.version}, as the run was told (the suite cannot tell what answers at ${results.target.baseUrl})`);
}
