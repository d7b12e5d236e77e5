/** Words every report shares, so the console, report.md and report.html never disagree. */
import type { Results, Verdict } from './results.js';

export const VERDICT_TEXT: Record<Verdict, { label: string; sentence: string }> = {
  conformant: { label: 'CONFORMANT', sentence: 'No requirement of the spec is broken.' },
  'non-conformant': { label: 'NON-CONFORMANT', sentence: 'The target breaks at least one requirement of the spec (or, with --strict, a convention).' },
  inconclusive: { label: 'INCONCLUSIVE', sentence: 'Some checks could not finish (throttling or time-outs): no verdict can be given.' },
  'could-not-run': { label: 'COULD NOT RUN', sentence: 'The suite could not complete; see the errors at the end.' },
};

/**
 * The command that replays this run: same target, seed and effort. Tokens and user ids come from the
 * environment or .env (never written into a report), which is why they are not in the line.
 */
export function replayCommand(results: Pick<Results, 'target' | 'seed' | 'runs' | 'readOnly' | 'strict' | 'shard'>): string {
  const parts = ['npm run conformance --'];
  if (!results.target.embedded) parts.push(`--base-url ${results.target.baseUrl}`);
  parts.push(`--seed ${results.seed}`, `--runs ${results.runs}`);
  if (results.readOnly) parts.push('--read-only');
  if (results.strict) parts.push('--strict');
  if (results.shard) parts.push(`--shard ${results.shard}`);
  return parts.join(' ');
}
