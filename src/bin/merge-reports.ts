/**
 * `npm run merge-reports -- DIR1 DIR2 [...] --out DIR` (or `banklink-conformance merge-reports ...`):
 * joins the results.json of CI shards into one set of reports and exits by the merged verdict
 * (0 conformant, 1 non-conformant, 2 could not run), so the job after the shards can gate on it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MergeError, mergeNotes, mergeResults } from '../results/merge/merge-results.js';
import { paintFor, summaryText } from '../results/report/console.js';
import { exitCodeFor, type Results } from '../results/results.js';
import { writeReports } from '../results/report/write.js';
import { reportToGithubActions } from '../results/report/github-actions.js';
import { validate } from '../contract/schema/validator.js';
import { redactorFor } from '../harness/secrets.js';

const USAGE = 'usage: merge-reports DIR_OR_RESULTS_JSON... --out DIR   (joins the results.json files of --shard runs)';

function parseArgs(argv: string[]): { inputs: string[]; out: string } {
  const inputs: string[] = [];
  let out = 'reports/merged';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg === '--out') {
      const value = argv[++i];
      if (!value) throw new MergeError('--out needs a directory, like --out reports/merged');
      out = value;
    } else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else if (arg.startsWith('--')) throw new MergeError(`unknown option ${arg}; ${USAGE}`);
    else inputs.push(arg);
  }
  if (inputs.length === 0) throw new MergeError(`no shard reports given; ${USAGE}`);
  return { inputs, out };
}

function readShard(input: string): Results {
  const file = existsSync(input) && statSync(input).isDirectory() ? join(input, 'results.json') : input;
  if (!existsSync(file)) throw new MergeError(`no results.json at ${file}; give the --report-dir of each shard`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new MergeError(`${file} is not JSON (${(error as Error).message})`);
  }
  const violations = validate('results', parsed);
  if (violations.length > 0)
    throw new MergeError(`${file} is not a banklink-conformance results.json: ${violations[0]?.path || '/'} ${violations[0]?.message}`);
  return parsed as Results;
}

export function mergeReports(argv: string[]): number {
  const { inputs, out } = parseArgs(argv);
  const parts = inputs.map(readShard);
  const merged = mergeResults(parts);
  for (const note of mergeNotes(parts)) console.error(`note: ${note}`);
  // The shards' reports were redacted when written; the writers' last pass stays on anyway.
  const redactor = redactorFor({ tokenA: process.env.CONFORMANCE_TOKEN, tokenB: process.env.CONFORMANCE_TOKEN_B });
  const files = writeReports(resolve(out), merged, redactor);
  console.log(`merged ${parts.length} shard report(s)`);
  console.log(summaryText(merged, paintFor(process.stdout, process.env), files));
  // The job after the shards is the one a reader of the workflow run opens: it gets the summary and annotations.
  reportToGithubActions(merged, redactor, {
    env: process.env,
    print: (line) => console.log(line),
    warn: (sentence) => console.error(`merge-reports: ${sentence}`),
  });
  return exitCodeFor(merged.verdict);
}

try {
  process.exitCode = mergeReports(process.argv.slice(2));
} catch (error) {
  console.error(`merge-reports: ${error instanceof MergeError ? error.message : `internal error: ${(error as Error).message}`}`);
  process.exitCode = 2;
}
