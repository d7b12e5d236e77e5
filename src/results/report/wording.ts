/** Words every report shares, so the console, report.md and report.html never disagree. */
import { runCommand } from '../../config/invoked-as.js';
import type { CheckRecord, Results, Verdict } from '../results.js';

export const VERDICT_TEXT: Record<Verdict, { label: string; sentence: string }> = {
  conformant: { label: 'CONFORMANT', sentence: 'No requirement of the spec is broken.' },
  'non-conformant': {
    label: 'NON-CONFORMANT',
    sentence: 'The target breaks at least one requirement of the spec (or, with --strict, a convention).',
  },
  inconclusive: { label: 'INCONCLUSIVE', sentence: 'Some checks could not finish (throttling or time-outs): no verdict can be given.' },
  'could-not-run': { label: 'COULD NOT RUN', sentence: 'The suite could not complete; see the errors at the end.' },
  interrupted: {
    label: 'INTERRUPTED',
    sentence: 'The run did not finish (it was stopped, or is still running): nothing is judged; see why at the end.',
  },
};

/** Quoted for a POSIX shell only when it needs to be, so ordinary ids stay easy to read. */
const shellWord = (value: string): string => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/**
 * The command that replays this run: every option that changes what is sent (target, Users, write
 * budget, seed, effort). Tokens are never on it, not even as "$VARIABLE": a token flag puts the token in
 * every process listing and in npm's echo (the CLI warns about it), so they come from the environment
 * or .env, and replayNote says which.
 */
export function replayCommand(
  results: Pick<Results, 'target' | 'seed' | 'runs' | 'readOnly' | 'maxWrites' | 'strict' | 'shard' | 'only'>,
  command: string = runCommand(),
  reportDir = REPLAY_REPORT_DIR,
): string {
  // A directory of its own: a replay run as printed must never overwrite the reports it came from.
  const parts = [command, `--report-dir ${shellWord(reportDir)}`];
  const { target } = results;
  // Not sent anywhere, but the replay's reports then name what they certify, as this run's did.
  if (target.implementation !== undefined)
    parts.push(`--implementation ${shellWord(`${target.implementation.name}@${target.implementation.version}`)}`);
  if (!target.embedded) parts.push(`--base-url ${shellWord(target.baseUrl)}`);
  if (!target.embedded && target.userId !== undefined) parts.push(`--user-id ${shellWord(target.userId)}`);
  if (!target.embedded && target.userIdB !== undefined) parts.push(`--user-id-b ${shellWord(target.userIdB)}`);
  parts.push(`--seed ${results.seed}`, `--runs ${results.runs}`);
  if (results.readOnly) parts.push('--read-only');
  if (results.maxWrites !== undefined) parts.push(`--max-writes ${results.maxWrites}`);
  if (results.strict) parts.push('--strict');
  if (results.shard) parts.push(`--shard ${results.shard}`);
  if (results.only) parts.push(`--check ${results.only.join(',')}`);
  return parts.join(' ');
}

/**
 * How to see a failing or warning check again: the run's replay narrowed to that check (`--check ID`,
 * the same seed, so a walk or a sequence is sent as it was), or the whole run for a check that judges
 * every exchange of it; and where its exchanges are in the HAR, first to last.
 */
export function checkReplay(
  results: Pick<Results, 'target' | 'seed' | 'runs' | 'readOnly' | 'maxWrites' | 'strict' | 'shard' | 'only' | 'har'>,
  check: Pick<CheckRecord, 'id' | 'span' | 'runWide' | 'exchangeCount'>,
  command: string = runCommand(),
): { command: string; scope: string; entries?: string } {
  const { shard: _shard, only: _only, ...rest } = results;
  const replay = check.runWide
    ? replayCommand(results, command)
    : replayCommand({ ...rest, only: [check.id] }, command, `${REPLAY_REPORT_DIR}-${check.id}`);
  const scope = check.runWide
    ? 'the whole run again (this check judges every exchange of the run)'
    : 'this check again, with the same seed (the run-wide checks judge its exchanges)';
  const { span } = check;
  const entries =
    results.har === undefined || span === undefined
      ? undefined
      : span.first === span.last
        ? `HAR entry ${span.first} in ${results.har}`
        : `HAR entries ${span.first} to ${span.last} in ${results.har} (its ${check.exchangeCount} exchanges among them)`;
  return { command: replay, scope, ...(entries !== undefined ? { entries } : {}) };
}

/** Where a replay run as printed writes its reports. */
export const REPLAY_REPORT_DIR = 'reports/replay';

/** What the replay line needs from the environment: the tokens it leaves out. */
export function replayNote(results: Pick<Results, 'target'>): string {
  if (results.target.embedded) return '';
  return results.target.secondCaller
    ? '(tokens from CONFORMANCE_TOKEN and CONFORMANCE_TOKEN_B in the environment or .env)'
    : '(the token from CONFORMANCE_TOKEN in the environment or .env)';
}

/**
 * How the reproduce lines get their token: they name the variable, never the value, so they run in a
 * shell that holds it; a token kept in .env (the README's route) is not in the shell until sourced.
 */
export function curlShellNote(results: Pick<Results, 'target'>): { text: string; command: string } | undefined {
  if (results.target.embedded) return undefined;
  const variables = results.target.secondCaller ? '$CONFORMANCE_TOKEN and $CONFORMANCE_TOKEN_B' : '$CONFORMANCE_TOKEN';
  return { text: `the reproduce lines read ${variables} from the shell; a token kept in .env gets there with`, command: SOURCE_DOTENV };
}

/** Exports every variable a .env file sets into the current shell (POSIX sh). */
export const SOURCE_DOTENV = 'set -a; . ./.env; set +a';

/** The `check` of a resource known only from created.json: a check that did not end created it. */
export const UNFINISHED_CREATOR = '(a check that did not end)';

/** Why a check creates User Banks, as a reader of the footprint wants it. */
function creationPurpose(check: string): string {
  if (check === UNFINISHED_CREATOR) return 'by checks that did not end (listed in created.json)';
  if (check.startsWith('pagination.')) return 'paging data (the list checks need 101 User Banks)';
  if (check === 'user-banks.create.concurrent') return 'valid bodies of the creation properties, created at once';
  if (check.startsWith('user-banks.create.invalid.'))
    return 'bodies the checks expected refused (a 4xx is the convention), accepted by the target';
  if (check.startsWith('user-banks.create.')) return 'valid bodies of the creation properties';
  if (check.startsWith('isolation.')) return 'the isolation probe';
  if (check.startsWith('auth.')) return 'requests with bad credentials the target accepted';
  if (check.startsWith('robustness.')) return 'unusual but legal create requests';
  if (check.startsWith('sequences.')) return 'creates of the stateful sequences';
  return check;
}

/**
 * The value classes of a valid create body the run tried, and those covered with the earlier runs
 * (--baseline), e.g. "value classes of a valid create: this run tried 4 of 8; with the earlier runs 8 of 8".
 */
export function valueClassesLine(results: Pick<Results, 'valueClasses'>): string | undefined {
  const v = results.valueClasses;
  if (v === undefined) return undefined;
  const line = `value classes of a valid create: this run tried ${v.tried.length} of ${v.of}`;
  if (v.covered.length === v.tried.length) return line;
  const left = v.of - v.covered.length;
  return `${line}; with the earlier runs (--baseline) ${v.covered.length} of ${v.of}${left > 0 ? ` (${left} not tried yet)` : ''}`;
}

/** How many resources the run created and why, e.g. "created 21 resource(s): 12 valid bodies ..., 8 created at once, 1 the isolation probe". */
export function createdSummary(results: Pick<Results, 'created'>): string {
  const byPurpose = new Map<string, number>();
  for (const { check, purpose } of results.created) {
    const why = purpose ?? creationPurpose(check);
    byPurpose.set(why, (byPurpose.get(why) ?? 0) + 1);
  }
  const parts = [...byPurpose].sort((a, b) => b[1] - a[1]).map(([purpose, count]) => `${count} ${purpose}`);
  return `created ${results.created.length} resource(s): ${parts.join(', ')}`;
}
