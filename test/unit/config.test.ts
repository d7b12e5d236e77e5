import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const load = (argv: string[], env: Record<string, string> = {}, dotenv?: string) => {
  let dotenvPath: string | undefined;
  if (dotenv !== undefined) {
    dotenvPath = join(mkdtempSync(join(tmpdir(), 'blc-env-')), '.env');
    writeFileSync(dotenvPath, dotenv);
  }
  return loadConfig({ argv, env, ...(dotenvPath ? { dotenvPath } : {}) });
};
const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof ConfigError ? error.code : 'not a ConfigError';
  }
  return undefined;
};

describe('configuration', () => {
  test('defaults without flags: the embedded reference, reports/, 150 writes', () => {
    const config = load([]);
    expect(config.baseUrl).toBeUndefined();
    expect(config.reportDir).toBe('reports');
    expect(config.maxWrites).toBe(150);
    expect(config.readOnly).toBe(false);
    expect(Number.isInteger(config.seed)).toBe(true);
  });

  test('flags win over the environment, which wins over .env', () => {
    const config = load(['--runs', '7'], { CONFORMANCE_RUNS: '5', CONFORMANCE_MAX_WRITES: '9' }, 'CONFORMANCE_RUNS=3\nCONFORMANCE_MAX_WRITES=4\nCONFORMANCE_SEED=11\n');
    expect(config.runs).toBe(7);
    expect(config.maxWrites).toBe(9);
    expect(config.seed).toBe(11);
  });

  test('--flag=value and boolean flags', () => {
    const config = load(['--seed=5', '--read-only', '--strict']);
    expect(config).toMatchObject({ seed: 5, readOnly: true, strict: true });
  });

  test('a remote target needs a token and a user', () => {
    expect(codeOf(() => load(['--base-url', 'http://127.0.0.1:9']))).toBe('MISSING_TOKEN');
    expect(codeOf(() => load(['--base-url', 'http://127.0.0.1:9', '--token', 't']))).toBe('MISSING_USER');
    expect(load(['--base-url', 'http://127.0.0.1:9', '--token', 't', '--user-id', 'u']).baseUrl).toBe('http://127.0.0.1:9');
  });

  test('each mistake has its own code', () => {
    expect(codeOf(() => load(['--nope']))).toBe('UNKNOWN_FLAG');
    expect(codeOf(() => load(['stray']))).toBe('UNKNOWN_FLAG');
    expect(codeOf(() => load(['--runs']))).toBe('MISSING_VALUE');
    expect(codeOf(() => load(['--runs', 'ten']))).toBe('BAD_NUMBER');
    expect(codeOf(() => load(['--runs', '0']))).toBe('BAD_NUMBER');
    expect(codeOf(() => load(['--max-writes', '1.5']))).toBe('BAD_NUMBER');
    expect(codeOf(() => load(['--base-url', 'not a url', '--token', 't', '--user-id', 'u']))).toBe('BAD_URL');
    expect(codeOf(() => load(['--base-url', 'ftp://x', '--token', 't', '--user-id', 'u']))).toBe('BAD_URL');
    expect(codeOf(() => load(['--base-url', 'http://u:p@x', '--token', 't', '--user-id', 'u']))).toBe('BAD_URL');
    expect(codeOf(() => load(['--shard', '3/2']))).toBe('BAD_SHARD');
  });
});
