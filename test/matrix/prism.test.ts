/**
 * An independent cross-check with a third-party validator, @stoplight/prism-cli (offline):
 *  - proxy mode with --errors between the suite and the reference: Prism checks every request and
 *    answer against schemas/openapi.json and turns any answer that breaks it into a 500 with an
 *    sl-violations header; the run must stay conformant with no violation in Prism's log;
 *  - the same proxy in front of a broken reference reports the violation (the cross-check can fail);
 *  - a stateless `prism mock` passes the shape checks but fails the behaviours only a stateful
 *    service has (docs/methods.md, "OpenAPI and Prism").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { runCli, projectRoot, targetArgs } from '../support/run-cli.js';

const openapi = join(projectRoot, 'schemas', 'openapi.json');
const prismBin = join(projectRoot, 'node_modules', '.bin', 'prism');

interface Prism {
  url: string;
  log(): string;
  /** Whether Prism's process has ended (it dies on some malformed requests). */
  exited(): boolean;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const running: ChildProcess[] = [];

async function startPrism(args: string[]): Promise<Prism> {
  const port = await freePort();
  const child = spawn(prismBin, [...args, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true' },
  });
  running.push(child);
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start within 90 s:\n${log}`)), 90_000);
    const poll = setInterval(() => {
      if (log.includes('Prism is listening')) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve();
      }
    }, 100);
    child.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`prism exited (${code}) before listening:\n${log}`));
    });
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const references: RunningReference[] = [];
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(references.map((r) => r.close()));
});

describe.concurrent('Prism, an independent OpenAPI validator', () => {
  // Prism's proxy itself stops listening on a malformed percent-encoding in a path (GET /users/%E0%A4%A,
  // one of the unusual requests of suites/robustness.ts): from then on the target is unreachable,
  // which the run reports as inconclusive, never as a failure of the reference behind it.
  test('proxy --errors in front of the reference: no failure, not one violation, undecided only where Prism itself stopped', async () => {
    const reference = await startReference({});
    references.push(reference);
    const prism = await startPrism(['proxy', openapi, reference.url, '--errors']);
    try {
      const run = await runCli([...targetArgs({ ...reference, url: prism.url }), '--seed', '99'], { timeoutMs: 280_000 });
      expect(run.results?.summary.fail, run.stdout + run.stderr).toBe(0);
      const undecided = run.results?.checks.filter((c) => c.outcome === 'inconclusive') ?? [];
      // The unusual requests stop Prism; the checks after them (the absence proofs, the replay) then find no one listening.
      for (const check of undecided) expect(`${check.id}: ${check.message}`).toMatch(/(ECONNREFUSED|ECONNRESET|other side closed|socket)/i);
      if (undecided.length > 0) expect(prism.exited(), "the run was undecided, yet Prism's proxy still runs").toBe(true);
      expect(run.code).toBe(undecided.length === 0 ? 0 : 2);
      // Every answer Prism found out of step with openapi.json would be logged as VIOLATIONS (and be a 500).
      expect(prism.log()).not.toContain('#VIOLATIONS');
      expect(prism.log()).toContain('Forwarding');
      const forwarded = Object.values(reference.requestCounts).reduce((a, b) => a + b, 0);
      expect(forwarded).toBeGreaterThan(100);
    } finally {
      await prism.stop();
    }
  }, 300_000);

  test('the same proxy in front of a broken reference reports the violation', async () => {
    const reference = await startReference({ faults: ['bank-boolean-as-string'] });
    references.push(reference);
    const prism = await startPrism(['proxy', openapi, reference.url, '--errors']);
    try {
      const res = await fetch(`${prism.url}/user_banks?limit=1`, { headers: { authorization: `Bearer ${reference.callers.a.token}` } });
      await res.arrayBuffer();
      expect(res.status).toBe(500);
      expect(res.headers.get('sl-violations') ?? '').toContain('is_rtp_enabled');
      // Prism writes its log line after answering: wait for it, bounded.
      for (let i = 0; i < 50 && !prism.log().includes('#VIOLATIONS'); i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(prism.log()).toContain('#VIOLATIONS');
    } finally {
      await prism.stop();
    }
  }, 300_000);

  test('a stateless prism mock: the shapes pass, the behaviours of a stateful service fail', async () => {
    const prism = await startPrism(['mock', openapi, '--errors']);
    try {
      const args = [
        '--base-url',
        prism.url,
        '--token',
        'mock-token-a-0001',
        '--user-id',
        'u1',
        '--token-b',
        'mock-token-b-0002',
        '--user-id-b',
        'u2',
        '--seed',
        '99',
      ];
      const run = await runCli(args, { timeoutMs: 280_000 });
      expect(run.code).toBe(1);
      const outcome = new Map(run.results?.checks.map((c) => [c.id, c.outcome]));
      // Shapes come from the same schemas, so the mock's examples pass the suite's schema checks.
      for (const id of ['user-banks.list.schema', 'rfp-registrations.list.schema', 'user-banks.create.schema'])
        expect(outcome.get(id), id).toBe('pass');
      // No state: a created bank is not the one sent, any bearer token is accepted, filters do nothing.
      for (const id of [
        'user-banks.create.returned-as-given',
        'auth.list-user-banks.unknown-token-refused',
        'user-banks.list.filter-no-match',
      ]) {
        expect(outcome.get(id), id).toBe('fail');
      }
    } finally {
      await prism.stop();
    }
  }, 300_000);
});
