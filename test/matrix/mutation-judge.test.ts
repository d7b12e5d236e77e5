/**
 * `npm run mutation` judges every mutant with scripts/mutation-judge.ts on one warm suite runner per
 * Stryker worker. A judge that never says "not conformant" would report every mutant survived; one
 * whose runner a --fail-fast cut leaves broken would call the next, unmutated reference not
 * conformant. Both are tried here, for real: a catalogued fault stands in for a mutant, then the
 * same runner judges the reference with no fault.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { projectRoot } from '../support/run-cli.js';

function judge(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), join(projectRoot, 'scripts', 'mutation-judge.ts'), ...args],
      {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', CI: 'true' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const bound = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(bound);
      done({ code, stdout, stderr });
    });
  });
}

test('a fault is judged not conformant at its first failing check, and the same process then judges the clean reference conformant in all five runs', async () => {
  const run = await judge(['--fault', 'auth-token-prefix-accepted', '--again-without-faults']);
  const lines = run.stdout.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(2);
  expect(lines[0]).toMatch(
    /^faults auth-token-prefix-accepted: not conformant: the embedded reference: non-conformant, auth\.[a-z-]+\.near-miss-token-refused fail: /,
  );
  expect(lines[1]).toMatch(/^no fault: conformant: conformant in all 5 run\(s\) \(5 runs, /);
  expect(run.code).toBe(1);
}, 180_000);

test('a run against a variation that is not conformant kills too, not only the baseline', async () => {
  const run = await judge(['--fault', 'cursor-leading-junk-ignored', '--only', 'lists-desc-offset-capped']);
  expect(run.stdout, run.stderr).toMatch(
    /^faults cursor-leading-junk-ignored: not conformant: variation lists-desc-offset-capped: non-conformant, pagination\.cursor\.invalid-4xx warn: /,
  );
  expect(run.code).toBe(1);
}, 180_000);
