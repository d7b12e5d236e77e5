/**
 * A cancelled job stops the whole run (issue 42): SIGTERM to the `npm run conformance` process a
 * person or a CI runner started, or to the `npm exec` / npx process in front of the package's bin,
 * ends every process of the run within a bound; no request reaches the target once the stop has
 * had its moment, and the reports say INTERRUPTED, never a verdict written afterwards. Over real
 * processes, against the reference over loopback.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { projectRoot } from '../support/run-cli.js';

const requestsSeen = (reference: RunningReference): number => Object.values(reference.requestCounts).reduce((a, b) => a + b, 0);

/** Every live process whose parent chain leads to `root` (read from /proc). */
function descendantsOf(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Ended while being read.
    }
  }
  const found: number[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = [...parentOf].filter(([, parent]) => frontier.includes(parent)).map(([pid]) => pid);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** A process that has exited (a zombie not yet reaped by its parent counts as exited). */
const gone = (pid: number): boolean => !existsSync(`/proc/${pid}`) || /\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

async function until(condition: () => boolean, boundMs: number): Promise<boolean> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > boundMs) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

async function cancelMidRun(command: (args: string) => string[]): Promise<void> {
  const reference = await startReference({ latencyMs: 5 });
  const reportDir = mkdtempSync(join(tmpdir(), 'blc-signal-'));
  try {
    const args = `--base-url ${reference.url} --user-id ${reference.callers.a.userIds[0]} --user-id-b ${reference.callers.b.userIds[0]} --report-dir ${reportDir} --seed 3`;
    const [file, ...rest] = command(args);
    const parent = spawn(file as string, rest, {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        CI: 'true',
        CONFORMANCE_TOKEN: reference.callers.a.token,
        CONFORMANCE_TOKEN_B: reference.callers.b.token,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    parent.stdout.on('data', (d: Buffer) => (output += d.toString()));
    parent.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // Mid-run: the checks are sending.
    expect(await until(() => requestsSeen(reference) > 150, 90_000), output).toBe(true);
    const processes = [parent.pid as number, ...descendantsOf(parent.pid as number)];
    expect(processes.length, 'the command and the run it started').toBeGreaterThan(1);
    parent.kill('SIGTERM');
    const signalledAt = Date.now();
    expect(await until(() => processes.every(gone), 10_000), `still running: ${processes.filter((p) => !gone(p)).join(', ')}`).toBe(true);
    const afterMoment = Math.max(0, 500 - (Date.now() - signalledAt));
    await new Promise((r) => setTimeout(r, afterMoment));
    const atMoment = requestsSeen(reference);
    // Every process of the run has ended: whatever the reports say now is what they will say.
    const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { verdict: string };
    expect(results.verdict, output).toBe('interrupted');
    expect(readFileSync(join(reportDir, 'report.md'), 'utf8')).toMatch(/INTERRUPTED/);
    expect(output).toMatch(/stopped by/);
    expect(requestsSeen(reference), 'requests after the stop had its moment').toBe(atMoment);
  } finally {
    await reference.close();
  }
}

describe.concurrent('a cancelled job stops the run', () => {
  test('SIGTERM to the npm run parent', async () => {
    await cancelMidRun((args) => ['sh', '-c', `exec npm run conformance -- ${args}`]);
  });

  test('SIGTERM to the npm exec (npx) parent of the package bin', async () => {
    await cancelMidRun((args) => ['sh', '-c', `exec npm exec -c "node bin/banklink-conformance.mjs ${args}"`]);
  });
});
