/** Words every report shares, so the console, report.md and report.html never disagree. */
import type { Results, Verdict } from './results.js';

export const VERDICT_TEXT: Record<Verdict, { label: string; sentence: string }> = {
  conformant: { label: 'CONFORMANT', sentence: 'No requirement of the spec is broken.' },
  'non-conformant': { label: 'NON-CONFORMANT', sentence: 'The target breaks at least one requirement of the spec (or, with --strict, a convention).' },
  inconclusive: { label: 'INCONCLUSIVE', sentence: 'Some checks could not finish (throttling or time-outs): no verdict can be given.' },
  'could-not-run': { label: 'COULD NOT RUN', sentence: 'The suite could not complete; see the errors at the end.' },
};

/** Quoted for a POSIX shell only when it needs to be, so ordinary ids stay easy to read. */
const shellWord = (value: string): string => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/**
 * The command that replays this run: every option that changes what is sent (target, Users, write
 * budget, seed, effort). Tokens are never on it, not even as "$VARIABLE": a token flag puts the token in
 * every process listing and in npm's echo (the CLI warns about it), so they come from the environment
 * or .env, and replayNote says which.
 */
export function replayCommand(results: Pick<Results, 'target' | 'seed' | 'runs' | 'readOnly' | 'maxWrites' | 'strict' | 'shard'>): string {
  const parts = ['npm run conformance --'];
  const { target } = results;
  if (!target.embedded) parts.push(`--base-url ${shellWord(target.baseUrl)}`);
  if (!target.embedded && target.userId !== undefined) parts.push(`--user-id ${shellWord(target.userId)}`);
  if (!target.embedded && target.userIdB !== undefined) parts.push(`--user-id-b ${shellWord(target.userIdB)}`);
  parts.push(`--seed ${results.seed}`, `--runs ${results.runs}`);
  if (results.readOnly) parts.push('--read-only');
  if (results.maxWrites !== undefined) parts.push(`--max-writes ${results.maxWrites}`);
  if (results.strict) parts.push('--strict');
  if (results.shard) parts.push(`--shard ${results.shard}`);
  return parts.join(' ');
}

/** What the replay line needs from the environment: the tokens it leaves out. */
export function replayNote(results: Pick<Results, 'target'>): string {
  if (results.target.embedded) return '';
  return results.target.secondCaller
    ? '(tokens from CONFORMANCE_TOKEN and CONFORMANCE_TOKEN_B in the environment or .env)'
    : '(the token from CONFORMANCE_TOKEN in the environment or .env)';
}
