/**
 * The user's view in a terminal and in CI: --list sends nothing, the progress line redraws on a
 * terminal and stays plain (no escape codes) in a log, and a real run's output is plain under CI.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import type { CheckResult, Outcome } from '../../src/contract/checks/types.js';
import { Progress } from '../../src/results/report/progress.js';
import { runCli } from '../support/run-cli.js';

// eslint-disable-next-line no-control-regex
const ESCAPE = /\u001b\[/;

function fakeStream(isTTY: boolean): { stream: NodeJS.WriteStream; text: () => string } {
  let written = '';
  const stream = {
    isTTY,
    columns: 80,
    write(chunk: string) {
      written += chunk;
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return { stream, text: () => written };
}

const result = (id: string, outcome: Outcome): CheckResult => ({
  id,
  outcome,
  message: '',
  findings: [],
  exchanges: [],
  exchangeCount: 0,
  created: [],
  durationMs: 1,
});

describe('--list', () => {
  let server: Server;
  let requests = 0;
  let url = '';

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"next_cursor":null}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  test('prints every check with its requirement, exits 0, and no request reaches the target', async () => {
    const run = await runCli(['--list', '--base-url', url, '--token', 'list-token', '--user-id', 'u1'], { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n');
    for (const check of checks) {
      const line = lines.find((l) => l.trim().startsWith(`${check.id} `));
      expect(line, check.id).toBeDefined();
      expect(line).toContain(` ${check.requirement} (section `);
      // The spec's sentence follows on its own line, as text, not a markdown table row.
      const quoteLine = lines[lines.indexOf(line as string) + 1] ?? '';
      expect(quoteLine.trim(), check.id).toMatch(/^"[^|].*"$/);
    }
    expect(run.stdout).toContain(`${checks.length} checks covering`);
    expect(requests).toBe(0);
    expect(run.results).toBeUndefined();
  });
});

describe('the progress line', () => {
  test('in a log: a plain line every 10 checks and a last one, no escape codes', () => {
    const { stream, text } = fakeStream(false);
    const progress = new Progress(stream, { env: {}, expectedTotal: 25 });
    for (let i = 1; i <= 25; i += 1) progress.onCheck(result(`area.check-${i}`, i === 7 ? 'fail' : 'pass'), i);
    progress.end();
    const lines = text().trim().split('\n');
    expect(lines[0]).toMatch(/^checks 10\/25 {2}\d+\.\d s {2}last: area\.check-10 pass$/);
    expect(lines[1]).toMatch(/^checks 20\/25 /);
    expect(lines[2]).toMatch(/^checks 25\/25 done in \d+\.\d s$/);
    expect(text()).not.toMatch(ESCAPE);
  });

  test('on a terminal: redrawn in place after every check, the outcome in colour, cleared at the end', () => {
    const { stream, text } = fakeStream(true);
    const progress = new Progress(stream, { env: {}, expectedTotal: 3 });
    progress.onCheck(result('area.a', 'pass'), 1);
    progress.onCheck(result('area.b', 'fail'), 2);
    progress.end();
    const out = text();
    expect(
      out
        .split('\r\u001b[2K')
        .filter(Boolean)
        .map((l) => l.replace(/\u001b\[\d+m/g, '')),
    ).toEqual([
      expect.stringMatching(/^checks 1\/3 {2}\d+\.\d s {2}last: area\.a pass$/),
      expect.stringMatching(/^checks 2\/3 {2}\d+\.\d s {2}last: area\.b fail$/),
    ]);
    expect(out).toContain('\u001b[31mfail\u001b[0m');
    expect(out.endsWith('\r\u001b[2K')).toBe(true);
  });

  test('a terminal under CI=true is treated as a log', () => {
    const { stream, text } = fakeStream(true);
    const progress = new Progress(stream, { env: { CI: 'true' }, expectedTotal: 10 });
    for (let i = 1; i <= 10; i += 1) progress.onCheck(result(`area.c${i}`, 'pass'), i);
    progress.end();
    expect(text()).not.toMatch(ESCAPE);
    expect(text()).toContain('checks 10/10 done in');
  });

  test('a real run under CI: progress on stderr, the summary on stdout, not one escape code', async () => {
    const run = await runCli([]);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const total = run.results?.summary.total ?? -1;
    expect(run.stderr).toContain(`checks ${total}/${total} done in`);
    expect(run.stdout).toContain('verdict: CONFORMANT');
    expect(run.stdout + run.stderr).not.toMatch(ESCAPE);
  });
});
