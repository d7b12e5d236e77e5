/**
 * Reaching a staging as CI does: over HTTPS with a private CA (--ca-cert), and through an egress
 * proxy (HTTP_PROXY plain, HTTPS_PROXY by CONNECT, NO_PROXY honoured). Certificates are made here
 * (test/support/tls.ts); the proxy counts what went through it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { startForwardProxy } from '../support/forward-proxy.js';
import { runCli, targetArgs } from '../support/run-cli.js';
import { makePki, startTlsFront, type TestPki } from '../support/tls.js';

let pki: TestPki;
let caFile: string;

beforeAll(() => {
  pki = makePki();
  caFile = join(mkdtempSync(join(tmpdir(), 'blc-ca-')), 'ca.pem');
  writeFileSync(caFile, pki.ca);
});

const served: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(served.map((s) => s.close()));
});

async function reference(): Promise<RunningReference> {
  const started = await startReference();
  served.push(started);
  return started;
}

/**
 * What these runs prove is how requests travel (TLS, a proxy), so every check runs but the two methods
 * that multiply requests (replay and the robustness grammars, some 900 of a run's 1,600): still a
 * conformant run of several hundred requests, each of which must take the path under test.
 */
const TRANSPORT_RUN = ['--skip-area', 'replay,robustness'];

const requestsSeen = (ref: RunningReference): number => Object.values(ref.requestCounts).reduce((a, b) => a + b, 0);

describe.concurrent('TLS with a private CA', () => {
  test('a certificate of an unknown CA: exit 2, one sentence that says so and names --ca-cert; with --ca-cert (env too) the run is conformant', async () => {
    const ref = await reference();
    const front = await startTlsFront(pki.valid, ref.port);
    served.push(front);
    const target = { ...ref, url: front.url };
    const untrusted = await runCli(targetArgs(target));
    expect(untrusted.code).toBe(2);
    expect(untrusted.stderr).toMatch(/not trusted .*--ca-cert/);
    expect(untrusted.stderr).not.toMatch(/check --base-url and that the server is running/);
    const trusted = await runCli([...targetArgs(target), '--seed', '5', ...TRANSPORT_RUN], { env: { CONFORMANCE_CA_CERT: caFile } });
    expect(trusted.results?.checks.filter((c) => c.outcome === 'fail').map((c) => c.id)).toEqual([]);
    expect(trusted.code, trusted.stderr).toBe(0);
  });

  test.each([
    ['expired', /expired or not yet valid .*--ca-cert/],
    ['otherHost', /for another host name .*--ca-cert/],
  ] as const)('a %s certificate, even with --ca-cert: exit 2 with a sentence that says which', async (which, sentence) => {
    const ref = await reference();
    const front = await startTlsFront(pki[which], ref.port);
    served.push(front);
    const run = await runCli([...targetArgs({ ...ref, url: front.url }), '--ca-cert', caFile]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(sentence);
  });

  test('a --ca-cert file that is not PEM: exit 2 before any request', async () => {
    const ref = await reference();
    const bad = join(mkdtempSync(join(tmpdir(), 'blc-ca-')), 'ca.der');
    writeFileSync(bad, 'not a certificate');
    const run = await runCli([...targetArgs(ref), '--ca-cert', bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--ca-cert .* holds no PEM certificate/);
    expect(requestsSeen(ref)).toBe(0);
  });
});

describe.concurrent('an egress proxy', () => {
  test('HTTP_PROXY: every request to an http:// target goes through the proxy as a plain forwarded request', async () => {
    const ref = await reference();
    const proxy = await startForwardProxy();
    served.push(proxy);
    const run = await runCli([...targetArgs(ref), '--seed', '5', ...TRANSPORT_RUN], { env: { HTTP_PROXY: proxy.url } });
    expect(run.code, run.stderr).toBe(0);
    expect(proxy.counts.plain).toBeGreaterThan(100);
    expect(proxy.counts.plain).toBe(requestsSeen(ref));
    expect(proxy.counts.connect).toBe(0);
  });

  test('HTTPS_PROXY: an https:// target is reached through a CONNECT tunnel, with the private CA', async () => {
    const ref = await reference();
    const front = await startTlsFront(pki.valid, ref.port);
    const proxy = await startForwardProxy();
    served.push(front, proxy);
    const run = await runCli([...targetArgs({ ...ref, url: front.url }), '--seed', '5', '--ca-cert', caFile, ...TRANSPORT_RUN], {
      env: { HTTPS_PROXY: proxy.url },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(proxy.counts.connect).toBeGreaterThan(0);
    expect(proxy.counts.plain).toBe(0);
    expect(requestsSeen(ref)).toBeGreaterThan(100);
  });

  test('NO_PROXY: a target it names is reached directly', async () => {
    const ref = await reference();
    const proxy = await startForwardProxy();
    served.push(proxy);
    const run = await runCli([...targetArgs(ref), '--seed', '5', ...TRANSPORT_RUN], {
      env: { HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(proxy.counts.plain + proxy.counts.connect).toBe(0);
    expect(requestsSeen(ref)).toBeGreaterThan(100);
  });
});
