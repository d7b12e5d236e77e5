/**
 * --token-command against a reference whose tokens end, over real HTTP: the CLI as a process, a token
 * endpoint on 127.0.0.1 that mints the reference's tokens, and the command a user would write to read
 * it. Tokens end by use where a test needs them to end mid-run (a count of requests, which no machine
 * outruns), and by time only where the told expiry is the point, the reference then answering late
 * enough that a run lasts longer than a lifetime.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { startReference, type ReferenceOptions, type RunningReference } from '../../src/lab/server.js';
import { allOutput, runCli, type CliRun } from '../support/run-cli.js';
import { startTokenEndpoint, type Issue, type TokenEndpoint } from '../support/token-endpoint.js';

/**
 * Long enough that a token is used before it expires even on a loaded machine (a token that expires
 * unused never worked, so its 401 is judged, by design).
 */
const LIFETIME_MS = 5_000;
/**
 * Added to every answer when tokens expire by time: a run sends well over 100 requests one after
 * another, so it outlasts a lifetime however fast the machine.
 */
const LATENCY_MS = 40;
/** Tokens ended by use: a default run sends over 1,000 requests, most of them as caller A. */
const REQUESTS_PER_TOKEN = 250;

const byTime: ReferenceOptions = { variation: { tokenLifetimeMs: LIFETIME_MS }, latencyMs: LATENCY_MS };
const byUse: ReferenceOptions = { variation: { tokenLifetimeRequests: REQUESTS_PER_TOKEN } };

/** A reference whose tokens end and the endpoint that mints them, for one test (the tests run side by side). */
async function withExpiringTarget(
  options: ReferenceOptions,
  body: (reference: RunningReference, endpoint: TokenEndpoint) => Promise<void>,
  issue?: (reference: RunningReference) => Issue,
): Promise<void> {
  const reference = await startReference(options);
  const mint: Issue = (caller) => reference.state.mintToken(caller === 'a' ? 0 : 1);
  const endpoint = await startTokenEndpoint(issue?.(reference) ?? mint);
  try {
    await body(reference, endpoint);
  } finally {
    await endpoint.close();
    await reference.close();
  }
}

const commandArgs = (reference: RunningReference, endpoint: TokenEndpoint, shape: 'json' | 'bare'): string[] => [
  '--base-url',
  reference.url,
  '--token-command',
  endpoint.command('a', shape),
  '--user-id',
  reference.callers.a.userIds[0] as string,
  '--token-b-command',
  endpoint.command('b', shape),
  '--user-id-b',
  reference.callers.b.userIds[0] as string,
];

/** The checks that did not pass and why, to read in a failed assertion. */
const notPassed = (run: CliRun): string =>
  (run.results?.checks ?? [])
    .filter((c) => c.outcome !== 'pass')
    .map((c) => `${c.id} ${c.outcome}: ${c.message}`)
    .join('\n') + (run.results?.errors ?? []).join('\n');

/** No token the endpoint handed out, whole or as a near-miss the auth checks build of it, in any artifact. */
function expectNoTokenIn(run: CliRun, endpoint: TokenEndpoint): void {
  const output = allOutput(run);
  expect(endpoint.issued.length).toBeGreaterThan(0);
  for (const token of endpoint.issued) expect(output).not.toContain(token);
  expect(output).toContain('$CONFORMANCE_TOKEN');
}

describe.concurrent('a token from a command', () => {
  test('told its expiry (OAuth JSON with expires_in), the token is obtained again before it and the run stays conformant', async () => {
    await withExpiringTarget(byTime, async (reference, endpoint) => {
      const run = await runCli(commandArgs(reference, endpoint, 'json'));
      expect(run.code, notPassed(run) + run.stderr).toBe(0);
      expect(run.results?.verdict).toBe('conformant');
      const refreshes = run.results?.traffic?.tokenRefreshes;
      expect(refreshes?.a, JSON.stringify(run.results?.traffic)).toBeGreaterThanOrEqual(1);
      expect(run.stdout).toMatch(/tokens: obtained again from the token command .*the caller's \d+ time\(s\)/);
      expectNoTokenIn(run, endpoint);
    });
  });

  test('not told its expiry (a bare token), a 401 to a token that had worked obtains a new one, and the run stays conformant', async () => {
    await withExpiringTarget(byUse, async (reference, endpoint) => {
      const run = await runCli(commandArgs(reference, endpoint, 'bare'));
      expect(run.code, notPassed(run) + run.stderr).toBe(0);
      expect(run.results?.verdict).toBe('conformant');
      expect(run.results?.traffic?.tokenRefreshes?.a, JSON.stringify(run.results?.traffic)).toBeGreaterThanOrEqual(1);
      expectNoTokenIn(run, endpoint);
    });
  });

  test('a server that refuses every fresh token still fails: the request after the refresh is judged as any', async () => {
    // The first token of each caller is the reference's own; every later one is a token it never issued
    // (an API that does not trust the key its token service now signs with).
    const untrustedAfterTheFirst = (ref: RunningReference): Issue => {
      const first = new Set<string>();
      return (caller) => {
        if (!first.has(caller)) {
          first.add(caller);
          return ref.state.mintToken(caller === 'a' ? 0 : 1);
        }
        return { access_token: `ref-untrusted-${randomBytes(12).toString('hex')}`, expires_in: LIFETIME_MS / 1000 };
      };
    };
    await withExpiringTarget(
      byUse,
      async (reference, endpoint) => {
        const run = await runCli(commandArgs(reference, endpoint, 'json'));
        expect(run.code, run.stdout + run.stderr).toBe(1);
        expect(run.results?.verdict).toBe('non-conformant');
        expect(run.results?.traffic?.tokenRefreshes?.a).toBeGreaterThanOrEqual(1);
        const refused = run.results?.checks.filter(
          (c) => c.outcome === 'fail' && c.findings.some((f) => /\b401\b/.test(f.actual ?? f.message)),
        );
        expect(refused?.length, run.stdout).toBeGreaterThan(0);
        expectNoTokenIn(run, endpoint);
      },
      untrustedAfterTheFirst,
    );
  });
});

describe.concurrent('a token command that fails is exit 2 and one sentence naming the command, never its output', () => {
  const target = ['--base-url', 'http://127.0.0.1:1', '--user-id', 'usr_1'];
  const cases = [
    { command: 'echo partial-output-7c1e; exit 3', says: /exited with code 3/ },
    { command: 'true', says: /printed no token/ },
    { command: `echo '{"expires_in": 60}'`, says: /printed no token/ },
    { command: 'echo short', says: /printed a token shorter than 8 characters/ },
  ];
  for (const { command, says } of cases) {
    test(command, async () => {
      const run = await runCli([...target, '--token-command', command]);
      expect(run.code, run.stderr).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toContain(`banklink-conformance: the token command of --token-command (${command}) `);
      expect(lines[0]).toMatch(says);
      expect(run.stderr.replace(command, '')).not.toMatch(/partial-output-7c1e|\bshort\b/);
    });
  }

  test('from the environment, it is named as the environment variable', async () => {
    const run = await runCli(target, { env: { CONFORMANCE_TOKEN_COMMAND: 'exit 7' } });
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(
      /^banklink-conformance: the token command of CONFORMANCE_TOKEN_COMMAND in the environment \(exit 7\) exited with code 7: run it yourself to see why/,
    );
  });
});

describe('a token given as a string', () => {
  test('that stops being accepted mid-run: the run could not run (exit 2) with one sentence that names --token-command, and blames the server for nothing', async () => {
    const reference = await startReference({ variation: { tokenLifetimeRequests: 400 } });
    try {
      const run = await runCli([
        '--base-url',
        reference.url,
        '--token',
        reference.callers.a.token,
        '--user-id',
        reference.callers.a.userIds[0] as string,
        '--seed',
        '5',
      ]);
      expect(run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => `${c.id}: ${c.message}`)).toEqual([]);
      expect(run.code, notPassed(run) + run.stderr).toBe(2);
      expect(run.results?.verdict).toBe('could-not-run');
      const sentence = run.results?.errors.find((e) => /token stopped being accepted/.test(e)) ?? '';
      expect(sentence).toMatch(
        /^could not run: caller A's token stopped being accepted at \d\d:\d\d:\d\d UTC, after \d+ answer\(s\) had accepted it: .*--token-command/,
      );
      expect(run.stdout).toContain("caller A's token stopped being accepted");
      // Checks that ended before the token did were judged; those after it could not look.
      expect(run.results?.summary.pass ?? 0).toBeGreaterThan(0);
      expect(run.results?.summary.inconclusive ?? 0).toBeGreaterThan(0);
      expect(allOutput(run)).not.toContain(reference.callers.a.token);
    } finally {
      await reference.close();
    }
  });
});
