/**
 * The checks of a run that kept it from being conformant and decided (failed or inconclusive, and
 * warned too when the run was --strict), each as "outcome id: message": what a test asserts empty and
 * prints when it is not. Undefined when the run wrote no results, so that assertion fails too.
 */
import type { Results } from '../../src/results/results.js';

export function unsettledChecks(results: Results | undefined, options: { warns?: boolean } = {}): string[] | undefined {
  return results?.checks
    .filter((c) => c.outcome === 'fail' || c.outcome === 'inconclusive' || (options.warns === true && c.outcome === 'warn'))
    .map((c) => `${c.outcome} ${c.id}: ${c.message}`);
}
