/**
 * The whole CLI against hostile targets: each run must end by itself (runCli kills it after its
 * bound, which fails the test), exit 1 or 2 with a reason, never crash, never print the token.
 */
import { describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import { startReference } from '../../src/lab/server.js';
import { validate } from '../../src/contract/schema/validator.js';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { downAfter, failingProxy, hostile, redirectTo, startHostile, throttlingProxy } from '../support/hostile.js';
import { allOutput, runCli, targetArgs } from '../support/run-cli.js';

const TOKEN = 'hostile-test-token-5b2e91';
/** The documented bound for these targets with --timeout-ms 3000 (docs/staging.md, "Safe against real systems"). */
const BOUND_MS = 90_000;

const args = (url: string): string[] => [
  '--base-url',
  url,
  '--token',
  TOKEN,
  '--user-id',
  'usr_1',
  '--timeout-ms',
  '3000',
  '--runs',
  '3',
  '--max-writes',
  '10',
];

const expectations: Record<string, { code: number; reason: RegExp }> = {
  'never-answers': { code: 2, reason: /could not reach the target.*no complete answer/ },
  'byte-a-second': { code: 2, reason: /could not reach the target.*no complete answer/ },
  'endless-body': { code: 2, reason: /body cap/ },
  'html-instead-of-json': { code: 1, reason: /expected a JSON body/ },
  'server-error-everywhere': { code: 1, reason: /expected a 2xx answer, got 500|answered 500/ },
  'connection-reset': { code: 2, reason: /could not reach the target/ },
  'endless-cursor': { code: 1, reason: /FAIL/ },
  'throttles-forever': { code: 2, reason: /throttles every request|429/ },
};

describe.concurrent('hostile targets', () => {
  for (const [name, expected] of Object.entries(expectations)) {
    test(`${name}: ends by itself, exit ${expected.code}, says why`, async () => {
      const server = await startHostile(hostile[name] as Parameters<typeof startHostile>[0]);
      try {
        const run = await runCli(args(server.url), { timeoutMs: BOUND_MS });
        const output = run.stdout + run.stderr;
        expect(run.code, `killed after ${BOUND_MS} ms or crashed:\n${output}`).toBe(expected.code);
        expect(output).toMatch(expected.reason);
        expect(output).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
        expect(allOutput(run)).not.toContain(TOKEN);
      } finally {
        await server.close();
      }
    });
  }

  test('a redirect to another origin: not followed, the other origin never receives the token, exit 1', async () => {
    const other = await startHostile((_req, res) => res.end('{}'));
    const server = await startHostile(redirectTo(other.url));
    try {
      const run = await runCli(args(server.url), { timeoutMs: BOUND_MS });
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(server.received.length).toBeGreaterThan(0);
      expect(other.received).toEqual([]);
      expect(allOutput(run)).not.toContain(TOKEN);
    } finally {
      await server.close();
      await other.close();
    }
  });

  test('a target that throttles one endpoint forever: those checks are inconclusive, never failed; exit 2', async () => {
    const reference = await startReference();
    const proxy = await startHostile(throttlingProxy(reference.url, '/users/'));
    try {
      const run = await runCli([...targetArgs({ ...reference, url: proxy.url }), '--timeout-ms', '3000'], { timeoutMs: BOUND_MS });
      const userChecks = run.results?.checks.filter((c) => c.area === 'users') ?? [];
      expect(userChecks.length).toBeGreaterThan(0);
      for (const check of userChecks) expect(`${check.id} ${check.outcome}`).toBe(`${check.id} inconclusive`);
      expect(run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
      expect(run.results?.verdict).toBe('inconclusive');
      expect(run.code).toBe(2);
      expect(run.stdout).toMatch(/INCONCLUSIVE .*429/);
    } finally {
      await proxy.close();
      await reference.close();
    }
  });

  test('a slow target past --max-duration: the run ends within a second of its bound, still writes its reports, exit 2', async () => {
    const reference = await startReference({ latencyMs: 400 });
    try {
      const run = await runCli([...targetArgs(reference), '--max-duration', '15', '--concurrency', '2', '--timeout-ms', '4000'], {
        timeoutMs: BOUND_MS,
      });
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.results?.verdict).toBe('could-not-run');
      expect(validate('results', run.results)).toEqual([]);
      // The bound counts from the run's start; the checks still running get half a second.
      expect(run.results?.durationMs).toBeLessThan(16_000);
      expect(run.results?.checks.length).toBeGreaterThan(0);
      // What did not run is one line naming each check, with counts that add up to the whole plan.
      const bound = run.results?.errors.filter((e) => /time bound/.test(e)) ?? [];
      expect(bound).toHaveLength(1);
      const [, ended, planned, notRun] = /: (\d+) of (\d+) checks ended; (\d+) did not run/.exec(bound[0] ?? '') ?? [];
      expect(Number(ended)).toBe(run.results?.checks.length);
      expect(Number(planned)).toBe(checks.length);
      expect(Number(ended) + Number(notRun)).toBe(Number(planned));
      expect(run.results?.checks.filter((c) => /did not finish: (pending|skipped|queued)/.test(c.message))).toEqual([]);
      expect(run.stdout).toMatch(/ERROR .*--max-duration/);
    } finally {
      await reference.close();
    }
  });
});

/** A staging that is down or in maintenance is a target that could not be tested, never a non-conformant one (issue 57). */
describe.concurrent('a target that is down', () => {
  const MAX_DURATION_S = 60;

  for (const name of ['maintenance-503', 'bad-gateway-everywhere'] as const) {
    test(`${name}: could not run (exit 2) within --max-duration ${MAX_DURATION_S} s plus 1 s, one sentence, no request after it`, async () => {
      const server = await startHostile(hostile[name] as Parameters<typeof startHostile>[0]);
      try {
        const started = Date.now();
        const run = await runCli([...args(server.url), '--max-duration', String(MAX_DURATION_S)], { timeoutMs: BOUND_MS });
        const output = run.stdout + run.stderr;
        expect(run.code, output).toBe(2);
        expect(Date.now() - started).toBeLessThan((MAX_DURATION_S + 1) * 1000 + 3_000);
        expect(run.results?.verdict).toBe('could-not-run');
        expect(run.results?.errors.join(' ')).toMatch(
          /answered 50[23] to \d+ of \d+ requests from \d\d:\d\d:\d\d UTC: it looks down or in maintenance/,
        );
        expect(output).toMatch(/looks down or in maintenance/);
        expect(run.results?.checks.filter((c) => c.outcome === 'fail')).toEqual([]);
        const written = statSync(join(run.reportDir, 'results.json')).mtimeMs;
        expect(server.received.filter((r) => r.at > written)).toEqual([]);
        expect(allOutput(run)).not.toContain(TOKEN);
      } finally {
        await server.close();
      }
    });
  }

  test("--max-duration is a hard bound: a run still waiting on a maintenance page's Retry-After ends within a second of it, with an interrupted run's reports", async () => {
    const server = await startHostile(hostile['maintenance-503'] as Parameters<typeof startHostile>[0]);
    try {
      const run = await runCli([...args(server.url), '--max-duration', '5'], { timeoutMs: BOUND_MS });
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.results?.verdict).toBe('interrupted');
      expect(run.results?.durationMs).toBeLessThan(6_000);
      expect(run.results?.errors.join(' ')).toMatch(/stopped by its time bound \(--max-duration 5 s\)/);
      const written = statSync(join(run.reportDir, 'results.json')).mtimeMs;
      expect(server.received.filter((r) => r.at > written)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  test('a staging that goes down part-way: the run stops sending, says could not run with the sentence, and fails nothing', async () => {
    const reference = await startReference({});
    const proxy = await startHostile(downAfter(reference.url, 150, 503));
    try {
      const run = await runCli([...targetArgs({ ...reference, url: proxy.url }), '--seed', '3'], { timeoutMs: BOUND_MS });
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.results?.verdict).toBe('could-not-run');
      expect(run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
      expect(run.results?.errors.join(' ')).toMatch(
        /could not run: the target answered 503 to \d+ of the latest 20 requests .* it looks down/,
      );
      // Stopped sending: what came after the target went down is the few requests already on their way and their resends.
      const afterDown = proxy.received.length - 150;
      expect(afterDown).toBeLessThan(150);
      const written = statSync(join(run.reportDir, 'results.json')).mtimeMs;
      expect(proxy.received.filter((r) => r.at > written)).toEqual([]);
    } finally {
      await proxy.close();
      await reference.close();
    }
  });

  test('a 500 to one operation while the rest is served stays a defect: NON-CONFORMANT', async () => {
    const reference = await startReference({});
    const proxy = await startHostile(failingProxy(reference.url, '/rfp_registrations'));
    try {
      const run = await runCli([...targetArgs({ ...reference, url: proxy.url }), '--seed', '3'], { timeoutMs: BOUND_MS });
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.results?.verdict).toBe('non-conformant');
      expect(run.results?.checks.find((c) => c.id === 'http.no-server-errors')?.outcome).toBe('fail');
    } finally {
      await proxy.close();
      await reference.close();
    }
  });
});
