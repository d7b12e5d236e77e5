/**
 * Reads one side of a comparison: a results.json file, or a report directory holding one. Only the
 * members a comparison needs are checked (not the whole schema of this suite version), so a
 * results.json of an older or newer release can still be compared.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Results } from '../results.js';

/** An input that cannot be compared; its message is the one sentence the command prints. */
export class CompareInputError extends Error {}

const OUTCOMES = new Set(['pass', 'fail', 'warn', 'skip', 'inconclusive']);

export function readRun(input: string, role: string): Results {
  const file = existsSync(input) && statSync(input).isDirectory() ? join(input, 'results.json') : input;
  if (!existsSync(file))
    throw new CompareInputError(`${role} ${file} does not exist; give a results.json file or the --report-dir of a run`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CompareInputError(`${role} ${file} is not readable JSON (${(error as Error).message}); give the results.json a run wrote`);
  }
  const problem = shapeProblem(parsed);
  if (problem) throw new CompareInputError(`${role} ${file} is not a banklink-conformance results.json (${problem})`);
  return parsed as Results;
}

function shapeProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const run = value as Record<string, unknown>;
  if (typeof run.suiteVersion !== 'string') return 'no suiteVersion';
  if (!Array.isArray(run.checks)) return 'no checks[]';
  for (const [index, check] of run.checks.entries()) {
    const c = check as Record<string, unknown> | null;
    if (typeof c !== 'object' || c === null || typeof c.id !== 'string' || typeof c.outcome !== 'string' || !OUTCOMES.has(c.outcome)) {
      return `checks[${index}] has no id and outcome`;
    }
  }
  if (run.requirements !== undefined && !Array.isArray(run.requirements)) return 'requirements is not an array';
  return undefined;
}
