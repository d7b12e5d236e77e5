/**
 * `npm run verify -- DIR` (or `banklink-conformance verify DIR`): whether a report directory can be
 * handed on as a certificate (src/results/verify/verify-report-dir.ts says what is checked). Prints
 * each item as ok, FAILED or could not check; exit 0 when all were checked and ok, 1 when one
 * failed, 2 when one could not be checked (or the command was given wrongly).
 */
import { resolve } from 'node:path';
import { subcommand } from '../config/invoked-as.js';
import { implementationLine, verdictWithCoverage } from '../results/report/identity.js';
import { verifyExitCode, verifyText } from '../results/verify/item.js';
import { verifyReportDir } from '../results/verify/verify-report-dir.js';

class UsageError extends Error {}

const usage = (): string =>
  [
    `usage: ${subcommand('verify')} DIR   (DIR: the --report-dir of a run)`,
    '',
    'Checks that the reports in DIR can be handed on as a certificate, and prints each item as ok, FAILED',
    'or could not check: results.json is valid against schemas/results.schema.json; its verdict follows',
    "from its checks (recomputed with the run's own verdict function); report.md, junit.xml and report.html",
    'state the run id, seed, implementation, suite digest, coverage and verdict of that results.json; the',
    "coverage is complete; the suite's digest equals the one recorded at release (suite-digest.json of this",
    'installation, for the same version).',
    '',
    'Exit codes: 0 every item checked and ok | 1 an item FAILED | 2 an item could not be checked (a missing',
    'report, an unreleased suite to compare with) or a wrong command line',
  ].join('\n');

function dirFrom(argv: string[]): string | 'help' {
  if (argv.some((arg) => arg === '--help' || arg === '-h')) return 'help';
  const unknown = argv.find((arg) => arg.startsWith('-'));
  if (unknown !== undefined) throw new UsageError(`unknown option ${unknown}; ${usage().split('\n')[0]}`);
  if (argv.length !== 1) throw new UsageError(`give exactly one report directory (got ${argv.length}); ${usage().split('\n')[0]}`);
  return argv[0] as string;
}

export function verify(argv: string[]): number {
  const dir = dirFrom(argv);
  if (dir === 'help') {
    console.log(usage());
    return 0;
  }
  const { items, results } = verifyReportDir(resolve(dir));
  console.log(`verify ${resolve(dir)}`);
  // What the reports certify, as results.json states it: the implementation first, as in every report.
  if (results !== undefined) console.log(`${implementationLine(results.target.implementation)}; states ${verdictWithCoverage(results)}`);
  console.log('');
  console.log(verifyText(items));
  return verifyExitCode(items);
}

try {
  process.exitCode = verify(process.argv.slice(2));
} catch (error) {
  console.error(`verify: ${error instanceof UsageError ? error.message : `internal error: ${(error as Error).message}`}`);
  process.exitCode = 2;
}
