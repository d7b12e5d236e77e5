/**
 * Auth and isolation against the reference, through the real CLI: the second caller is optional
 * (isolation skips with the sentence that enables it, the exit code does not move), a 403 for bad
 * credentials is a legitimate choice (warns only), and neither token is ever printed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import { startReference } from '../../src/lab/server.js';
import { allOutput, runCli, targetArgs } from '../support/run-cli.js';

/**
 * A conformant target that breaks two conventions only: the scheme name must be spelled "Bearer"
 * exactly, and its refusals carry no WWW-Authenticate. Made by a proxy in front of the reference.
 */
async function startStrictProxy(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const authorization = req.headers.authorization;
    if (authorization !== undefined && /^bearer /i.test(authorization) && !authorization.startsWith('Bearer ')) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"scheme must be Bearer"}');
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
    const answer = await request(upstream + (req.url ?? '/'), {
      method: req.method as 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = await answer.body.text();
    const content = answer.headers['content-type'];
    res.writeHead(answer.statusCode, typeof content === 'string' ? { 'content-type': content } : {}).end(body);
  };
  const server = createServer((req, res) => {
    forward(req, res).catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const isolationIds: string[] = checks.filter((c) => c.area === 'isolation').map((c) => c.id);

describe.concurrent('auth and tenant isolation, end to end', () => {
  test('without --token-b: every isolation check is skip with the flags that enable it, exit 0, no token printed', async () => {
    const reference = await startReference({ variation: 'baseline' });
    try {
      const run = await runCli([...targetArgs(reference, false), '--seed', '7']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const isolation = run.results?.checks.filter((c) => isolationIds.includes(c.id)) ?? [];
      expect(isolation.map((c) => c.id).sort()).toEqual([...isolationIds].sort());
      for (const check of isolation) {
        expect(check.outcome, check.id).toBe('skip');
        expect(check.message, check.id).toMatch(/--token-b and --user-id-b/);
      }
      const auth = run.results?.checks.filter((c) => c.id.startsWith('auth.')) ?? [];
      expect(auth.length).toBeGreaterThanOrEqual(16);
      expect(auth.filter((c) => c.outcome !== 'pass').map((c) => `${c.id}: ${c.outcome} ${c.message}`)).toEqual([]);
      const everything = allOutput(run);
      expect(everything).not.toContain(reference.callers.a.token);
      expect(everything).not.toContain(reference.callers.b.token);
      // The curl lines of the bad-credentials variants are there, with the token's placeholder.
      expect(everything).toContain('access_token=$CONFORMANCE_TOKEN');
      expect(everything).toContain('authorization: Token $CONFORMANCE_TOKEN');
    } finally {
      await reference.close();
    }
  });

  test('a target that answers 403 to bad credentials: auth gives warns only, isolation passes, no token printed', async () => {
    const reference = await startReference({ variation: 'paged-rfp-403' });
    try {
      const run = await runCli([...targetArgs(reference), '--seed', '7']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const checks = run.results?.checks ?? [];
      const byId = new Map(checks.map((c) => [c.id, c]));
      const ours = checks.filter((c) => c.id.startsWith('auth.') || c.id.startsWith('isolation.'));
      expect(ours.filter((c) => c.outcome === 'fail' || c.outcome === 'inconclusive').map((c) => c.id)).toEqual([]);
      expect(byId.get('auth.refusal-status-401')?.outcome).toBe('warn');
      expect(byId.get('auth.refusal-status-401')?.message).toMatch(/answered 403/);
      expect(byId.get('auth.www-authenticate-bearer')?.outcome).toBe('skip');
      for (const id of isolationIds) expect(byId.get(id)?.outcome, id).toBe('pass');
      const everything = allOutput(run);
      expect(everything).not.toContain(reference.callers.a.token);
      expect(everything).not.toContain(reference.callers.b.token);
    } finally {
      await reference.close();
    }
  });

  test('--read-only: the write-based auth and isolation checks skip and say why, nothing is POSTed', async () => {
    const reference = await startReference({ variation: 'baseline' });
    try {
      const run = await runCli([...targetArgs(reference), '--read-only', '--seed', '7']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(reference.requestCounts.POST ?? 0).toBe(0);
      const byId = new Map((run.results?.checks ?? []).map((c) => [c.id, c]));
      for (const id of [
        'auth.create-user-bank.missing-credentials-refused',
        'auth.create-user-bank.refused-write-no-effect',
        'isolation.create-user-bank.other-callers-user-refused',
      ]) {
        expect(byId.get(id)?.outcome, id).toBe('skip');
        expect(byId.get(id)?.message, id).toMatch(/--read-only/);
      }
      // Read-only checks still run: B's listing holds none of A's existing banks.
      expect(byId.get('isolation.list-user-banks.other-callers-banks-hidden')?.outcome).toBe('pass');
      expect(byId.get('auth.refusal-status-401')?.outcome).toBe('pass');
    } finally {
      await reference.close();
    }
  });

  test('a target strict about the scheme case and silent about WWW-Authenticate: two warns, no fail, exit 0', async () => {
    const reference = await startReference({ variation: 'baseline' });
    const proxy = await startStrictProxy(reference.url);
    try {
      const run = await runCli([...targetArgs({ ...reference, url: proxy.url }), '--seed', '7']);
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const byId = new Map((run.results?.checks ?? []).map((c) => [c.id, c]));
      expect(byId.get('auth.scheme-case-insensitive')?.outcome).toBe('warn');
      expect(byId.get('auth.scheme-case-insensitive')?.message).toMatch(/"bearer <token>" was answered 401/);
      expect(byId.get('auth.www-authenticate-bearer')?.outcome).toBe('warn');
      expect(byId.get('auth.refusal-status-401')?.outcome).toBe('pass');
      const ours = [...byId.values()].filter((c) => c.id.startsWith('auth.') || c.id.startsWith('isolation.'));
      expect(ours.filter((c) => c.outcome === 'fail' || c.outcome === 'inconclusive').map((c) => c.id)).toEqual([]);
    } finally {
      await proxy.close();
      await reference.close();
    }
  });
});
