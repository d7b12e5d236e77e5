/**
 * `npm run compare -- OLD NEW [--out DIR]` (or `banklink-conformance compare ...`): what changed
 * between two runs, by area. OLD and NEW are results.json files or report directories. Exit 1 when
 * a check that did not fail in OLD fails in NEW, 0 otherwise, 2 when an input cannot be read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compareExitCode, compareRuns } from '../results/compare/diff.js';
import { CompareInputError, readRun } from '../results/compare/read-run.js';
import { compareCommandText, compareMarkdown } from '../results/compare/render.js';

const USAGE = 'usage: compare OLD NEW [--out DIR]   (OLD, NEW: results.json files or report directories)';

function parseArgs(argv: string[]): { inputs: string[]; out?: string } | 'help' {
  const inputs: string[] = [];
  let out: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--out') {
      out = argv[++i];
      if (!out) throw new CompareInputError('--out needs a directory, like --out reports/compare');
    } else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
    else if (arg.startsWith('--')) throw new CompareInputError(`unknown option ${arg}; ${USAGE}`);
    else inputs.push(arg);
  }
  if (inputs.length !== 2) throw new CompareInputError(`give exactly two runs, OLD then NEW (got ${inputs.length}); ${USAGE}`);
  return { inputs, ...(out ? { out } : {}) };
}

export function compare(argv: string[]): number {
  const args = parseArgs(argv);
  if (args === 'help') {
    console.log(USAGE);
    return 0;
  }
  const [oldInput, newInput] = args.inputs as [string, string];
  const comparison = compareRuns(readRun(oldInput, 'OLD'), readRun(newInput, 'NEW'));
  const files = { old: oldInput, new: newInput };
  console.log(compareCommandText(comparison, files));
  if (args.out) {
    const dir = resolve(args.out);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'compare.md'), compareMarkdown(comparison, files));
    writeFileSync(join(dir, 'compare.json'), `${JSON.stringify(comparison, null, 2)}\n`);
    console.log(`written: ${join(dir, 'compare.md')}, ${join(dir, 'compare.json')}`);
  }
  return compareExitCode(comparison);
}

try {
  process.exitCode = compare(process.argv.slice(2));
} catch (error) {
  console.error(`compare: ${error instanceof CompareInputError ? error.message : `internal error: ${(error as Error).message}`}`);
  process.exitCode = 2;
}
