/**
 * The second half of what `npm run mutation` runs for each mutant (Stryker's command runner; the mutant
 * is chosen by the __STRYKER_ACTIVE_MUTANT__ environment variable, which every child inherits). The
 * first half is the conformance CLI against the embedded reference (the baseline) with --fail-fast and
 * --strict; only when that passes does this script run the CLI, the same way, against the reference in
 * the legitimate variations whose code the baseline never runs: offset cursors, newest first, an empty
 * page after a full one, a capped limit, paged RfP, 200 for a creation, problem+json errors, +00:00
 * timestamps, lenient validation, 403 for a refusal. Exit 1 at the first run that fails: the mutant is
 * killed; 0 when every run passes: it survived. The CLI is used as a partner would use it (--base-url,
 * tokens in the environment); the variations are started here, from the same (mutated) reference code.
 * --strict where the variation gets no warn (its conventions are the recommended ones), so a mutant that
 * breaks a SHOULD is killed too.
 *
 *   node --import tsx scripts/mutation-judge.ts            # as Stryker runs it, after the baseline run
 *   MUTATION_JUDGE_VERBOSE=1 node --import tsx scripts/mutation-judge.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startReference } from '../src/reference/server.js';

const root = resolve(import.meta.dirname, '..');
/** The variations whose code the baseline does not reach, the one reaching the most first; strict: it gets no warn. */
export const JUDGE_VARIATIONS: readonly { name: string; strict: boolean }[] = [
  { name: 'lists-desc-offset-capped', strict: true },
  { name: 'ok-200-desc-offset', strict: true },
  // 2 warns each (a SHOULD they legitimately do otherwise): 422 for input and unknown users; 403 for a refusal.
  { name: 'lenient-capped', strict: false },
  { name: 'paged-rfp-403', strict: false },
];
/** A consistent in-memory target: no settle window; few property runs (the suite's checks, not fast-check's search, judge a mutant). */
const COMMON = ['--fail-fast', '--seed', '42', '--runs', '5', '--settle-ms', '0', '--timeout-ms', '3000'];
const verbose = process.env.MUTATION_JUDGE_VERBOSE === '1';

function cli(args: string[], env: Record<string, string>): Promise<number> {
  const reportDir = mkdtempSync(join(tmpdir(), 'blc-mutation-'));
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src', 'cli.ts'), ...COMMON, '--report-dir', reportDir, ...args], {
      cwd: root,
      // Only what the run needs: no CONFORMANCE_* from the caller's shell changes the target.
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true', ...stryker(), ...env },
      stdio: ['ignore', verbose ? 'inherit' : 'ignore', verbose ? 'inherit' : 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2_000)));
    child.on('close', (code, signal) => {
      rmSync(reportDir, { recursive: true, force: true });
      if (code !== 0 && !verbose) process.stderr.write(stderr);
      done(code ?? (signal ? 1 : 2));
    });
  });
}

/** Stryker's own variables (the active mutant), passed through to the child. */
function stryker(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter(([k, v]) => k.startsWith('__STRYKER') && v !== undefined)) as Record<string, string>;
}

async function main(): Promise<number> {
  for (const { name, strict } of JUDGE_VARIATIONS) {
    const reference = await startReference({ variation: name });
    try {
      const { a, b } = reference.callers;
      const code = await cli(['--base-url', reference.url, ...(strict ? ['--strict'] : [])], {
        CONFORMANCE_TOKEN: a.token,
        CONFORMANCE_USER_ID: a.userIds[0] as string,
        CONFORMANCE_TOKEN_B: b.token,
        CONFORMANCE_USER_ID_B: b.userIds[0] as string,
      });
      if (code !== 0) {
        process.stderr.write(`mutation-judge: variation ${name} exit ${code}\n`);
        return code;
      }
    } finally {
      await reference.close();
    }
  }
  return 0;
}

process.exitCode = await main();
