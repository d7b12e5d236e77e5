/**
 * The preflight, run for real against a reference on 127.0.0.1: the user's own mistakes (a wrong
 * token, a User that does not exist, a base URL with the wrong path prefix) are exit 2 with one
 * sentence and a report of the reads that show it, never a NON-CONFORMANT verdict on the server; a
 * server that refuses a good token on some operations only is still judged by the checks.
 */
import { createServer, type Server } from 'node:http';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { allOutput, runCli } from '../support/run-cli.js';
import { failingProxy, startHostile } from '../support/hostile.js';

let reference: RunningReference;
beforeAll(async () => {
  reference = await startReference({});
});
afterAll(async () => {
  await reference.close();
});

/** The target, given as a partner would: tokens through the environment. */
const envFor = (r: RunningReference, over: Record<string, string> = {}): Record<string, string> => ({
  CONFORMANCE_BASE_URL: r.url,
  CONFORMANCE_TOKEN: r.callers.a.token,
  CONFORMANCE_USER_ID: r.callers.a.userIds[0] as string,
  CONFORMANCE_TOKEN_B: r.callers.b.token,
  CONFORMANCE_USER_ID_B: r.callers.b.userIds[0] as string,
  ...over,
});

describe.concurrent("preflight: the user's mistakes are exit 2 with one sentence and the reads that show them", () => {
  const cases: { name: string; over: (r: RunningReference) => Record<string, string>; says: RegExp; reads: number }[] = [
    {
      name: 'a wrong token',
      over: () => ({ CONFORMANCE_TOKEN: 'not-the-right-token-4411' }),
      says: /^banklink-conformance: the target refused CONFORMANCE_TOKEN in the environment with 401: check the token/,
      reads: 3,
    },
    {
      name: 'a wrong second token',
      over: () => ({ CONFORMANCE_TOKEN_B: 'not-the-right-token-b-4411' }),
      says: /^banklink-conformance: the target refused CONFORMANCE_TOKEN_B in the environment with 401: check the token/,
      reads: 5,
    },
    {
      name: 'a User that does not exist',
      over: () => ({ CONFORMANCE_USER_ID: 'usr_does_not_exist' }),
      says: /^banklink-conformance: the User "usr_does_not_exist" of CONFORMANCE_USER_ID in the environment is not one the target shows to that caller \(GET \/users\/\{id\} answered 404/,
      // The three reads, and the caller's list asked whether a User Bank links to that User.
      reads: 4,
    },
    {
      name: "a second caller's User that is the first caller's",
      over: (r) => ({ CONFORMANCE_USER_ID_B: r.callers.a.userIds[0] as string }),
      says: /^banklink-conformance: the User "[^"]+" of CONFORMANCE_USER_ID_B in the environment is not one the target shows to that caller/,
      reads: 6,
    },
    {
      name: 'a base URL with the wrong path prefix',
      over: (r) => ({ CONFORMANCE_BASE_URL: `${r.url}/api/v2` }),
      says: /^banklink-conformance: every operation answered 404 at .*\/api\/v2 .*: the base URL may lack the API's path prefix/,
      reads: 3,
    },
  ];
  for (const mistake of cases) {
    test(mistake.name, async () => {
      const run = await runCli([], { env: envFor(reference, mistake.over(reference)) });
      expect(run.code, run.stderr + run.stdout).toBe(2);
      expect(run.stderr).toMatch(mistake.says);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      // No check ran, so nothing is blamed on the server; the report keeps the reads.
      expect(run.results?.verdict).toBe('could-not-run');
      expect(run.results?.checks).toEqual([]);
      expect(run.results?.preflight).toHaveLength(mistake.reads);
      expect(run.results?.errors[0]).toBe(run.stderr.trim().replace(/^banklink-conformance: /, ''));
      const everything = allOutput(run);
      expect(everything).not.toContain(reference.callers.a.token);
      expect(everything).not.toContain(reference.callers.b.token);
      expect(everything).not.toContain('not-the-right-token');
    });
  }
});

test('with a variation that answers 403 to a bad token and 400 to an unknown user: the same sentences, with its statuses', async () => {
  const variant = await startReference({ variation: 'paged-rfp-403' });
  try {
    const token = await runCli([], { env: envFor(variant, { CONFORMANCE_TOKEN: 'not-the-right-token-4411' }) });
    expect(token.code).toBe(2);
    expect(token.stderr).toMatch(/the target refused CONFORMANCE_TOKEN in the environment with 403: check the token/);
    const user = await runCli([], { env: envFor(variant, { CONFORMANCE_USER_ID: 'usr_does_not_exist' }) });
    expect(user.code).toBe(2);
    expect(user.stderr).toMatch(
      /the User "usr_does_not_exist" of CONFORMANCE_USER_ID in the environment is not one the target shows to that caller \(GET \/users\/\{id\} answered 400/,
    );
  } finally {
    await variant.close();
  }
});

describe('preflight: what a good configuration could also meet is for the checks to judge', () => {
  let proxy: Server;
  let proxyUrl: string;
  beforeAll(async () => {
    // A server defect: GET /users/{id} refuses every token, good ones included; the other
    // operations accept them. The token is good, so the run goes on and the checks fail the server.
    proxy = createServer((req, res) => {
      if (req.url?.startsWith('/users/')) {
        res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }).end('{"error":"unauthorized"}');
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'connection')) as Record<
          string,
          string
        >;
        request(`${reference.url}${req.url}`, {
          method: req.method as 'GET',
          headers,
          body: chunks.length ? Buffer.concat(chunks) : null,
        }).then(
          async (answer) => {
            const body = Buffer.from(await answer.body.arrayBuffer());
            res.writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'application/json') }).end(body);
          },
          () => res.writeHead(502).end(),
        );
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
    const address = proxy.address() as { port: number };
    proxyUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });

  test('a good token refused by one operation only: the run goes on, NON-CONFORMANT, the preflight reads in the report', async () => {
    const run = await runCli(['--seed', '7', '--runs', '3'], { env: envFor(reference, { CONFORMANCE_BASE_URL: proxyUrl }) });
    expect(run.code, run.stderr + run.stdout).toBe(1);
    const failing = run.results?.checks.filter((c) => c.outcome === 'fail').map((c) => c.id) ?? [];
    expect(failing).toContain('users.get.schema');
    expect(run.results?.preflight?.map((e) => `${e.method} ${new URL(e.url).pathname} ${e.status}`)).toEqual([
      `GET /users/${reference.callers.a.userIds[0]} 401`,
      'GET /user_banks 200',
      'GET /rfp_registrations 200',
      `GET /users/${reference.callers.b.userIds[0]} 401`,
      'GET /rfp_registrations 200',
    ]);
    expect(run.results?.preflight?.[0]?.curl).toContain('"authorization: Bearer $CONFORMANCE_TOKEN"');
  });
});

describe('a User the target refuses to show while its own list links banks to it', () => {
  test('is not a configuration mistake: the run goes on and judges GET /users/{id} (NON-CONFORMANT), it does not stop at "could not run"', async () => {
    const reference = await startReference({});
    const proxy = await startHostile(failingProxy(reference.url, '/users/', 404));
    try {
      const { a, b } = reference.callers;
      const run = await runCli(
        [
          '--base-url',
          proxy.url,
          '--user-id',
          a.userIds[0] as string,
          '--user-id-b',
          b.userIds[0] as string,
          '--seed',
          '4',
          '--check',
          'users.get.schema',
        ],
        { env: { CONFORMANCE_TOKEN: a.token, CONFORMANCE_TOKEN_B: b.token } },
      );
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.results?.verdict).toBe('non-conformant');
      expect(run.results?.checks.find((c) => c.id === 'users.get.schema')?.outcome).toBe('fail');
    } finally {
      await proxy.close();
      await reference.close();
    }
  });
});
