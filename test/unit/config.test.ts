import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, checksNamed, helpText, loadConfig, skippedAreas } from '../../src/config/config.js';
import { invocation, runCommand, subcommand } from '../../src/config/invoked-as.js';
import { writesForFullRuns } from '../../src/core/write-plan.js';

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

const messageOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('configuration', () => {
  test('defaults without flags: the embedded reference, reports/, the writes every check needs at --runs with the paging data on top', () => {
    const config = load([]);
    expect(config.baseUrl).toBeUndefined();
    expect(config.reportDir).toBe('reports');
    expect(config.maxWrites).toBe(12);
    expect(load(['--runs', '100']).maxWrites).toBe(writesForFullRuns(100));
    expect(config.maxWritesGiven).toBe(false);
    expect(load(['--max-writes', '25']).maxWritesGiven).toBe(true);
    expect(load([], { CONFORMANCE_MAX_WRITES: '' }).maxWritesGiven).toBe(false);
    expect(config.readOnly).toBe(false);
    expect(Number.isInteger(config.seed)).toBe(true);
  });

  test('flags win over the environment, which wins over .env', () => {
    const config = load(
      ['--runs', '7'],
      { CONFORMANCE_RUNS: '5', CONFORMANCE_MAX_WRITES: '9' },
      'CONFORMANCE_RUNS=3\nCONFORMANCE_MAX_WRITES=4\nCONFORMANCE_SEED=11\n',
    );
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
    expect(codeOf(() => load(['--base-url', 'http://127.0.0.1:9', '--token', 'token-123456']))).toBe('MISSING_USER');
    expect(load(['--base-url', 'http://127.0.0.1:9', '--token', 'token-123456', '--user-id', 'u']).baseUrl).toBe('http://127.0.0.1:9');
  });

  test('no silent fallback: a target setting without a base URL, or a base URL set but empty, is refused', () => {
    expect(codeOf(() => load(['--token', 'token-123456']))).toBe('TARGET_WITHOUT_BASE_URL');
    expect(codeOf(() => load([], { CONFORMANCE_USER_ID: 'usr_1' }))).toBe('TARGET_WITHOUT_BASE_URL');
    expect(codeOf(() => load([], {}, 'CONFORMANCE_TOKEN_B=token-123456\n'))).toBe('TARGET_WITHOUT_BASE_URL');
    expect(messageOf(() => load([], { CONFORMANCE_TOKEN: 'token-123456', CONFORMANCE_USER_ID: 'usr_1' }))).toBe(
      'CONFORMANCE_TOKEN in the environment, CONFORMANCE_USER_ID in the environment are set but no base URL is: give --base-url (CONFORMANCE_BASE_URL) for the target, or remove them to test the embedded reference',
    );
    expect(codeOf(() => load([], { CONFORMANCE_BASE_URL: '', CONFORMANCE_TOKEN: 'token-123456', CONFORMANCE_USER_ID: 'usr_1' }))).toBe(
      'EMPTY_BASE_URL',
    );
    expect(messageOf(() => load([], {}, 'CONFORMANCE_BASE_URL=\n'))).toMatch(
      /^the base URL \(CONFORMANCE_BASE_URL in \.env\) is set but empty/,
    );
    expect(codeOf(() => load(['--base-url', '']))).toBe('EMPTY_BASE_URL');
    expect(codeOf(() => load(['--base-url', '  ']))).toBe('EMPTY_BASE_URL');
    // Settings that do not name a target still go with the embedded reference, and empty ones are unset.
    expect(load(['--read-only'], { CONFORMANCE_SEED: '' }, 'CONFORMANCE_SHARD=\n').baseUrl).toBeUndefined();
  });

  test('an unknown CONFORMANCE_* name, in the environment or .env, is refused with the name it may mean', () => {
    expect(messageOf(() => load([], {}, 'CONFORMANCE_BASEURL=\n'))).toMatch(
      /^CONFORMANCE_BASEURL in .*\.env is not a setting of banklink-conformance: did you mean CONFORMANCE_BASE_URL\?/,
    );
    expect(messageOf(() => load([], { CONFORMANCE_USERID: 'u' }))).toMatch(
      /^CONFORMANCE_USERID in the environment .*did you mean CONFORMANCE_USER_ID\?/,
    );
    expect(codeOf(() => load([], { CONFORMANCE_SOMETHING_ELSE_ENTIRELY: 'x' }))).toBe('UNKNOWN_VARIABLE');
    expect(messageOf(() => load([], { CONFORMANCE_SOMETHING_ELSE_ENTIRELY: 'x' }))).not.toContain('did you mean');
    // Other names are none of our business.
    expect(load([], { CONFORM: 'x', MY_CONFORMANCE_X: 'y' }).baseUrl).toBeUndefined();
  });

  test('a token written with its scheme, or shorter than 8 characters, is refused', () => {
    const target = ['--base-url', 'http://127.0.0.1:9', '--user-id', 'u'];
    expect(messageOf(() => load([...target, '--token', 'Bearer abcdefghijk']))).toBe(
      '--token starts with "Bearer ": give the token alone; the suite writes "Authorization: Bearer <token>" itself',
    );
    expect(codeOf(() => load(target, { CONFORMANCE_TOKEN: 'bearer abcdefghijk' }))).toBe('BAD_TOKEN');
    expect(messageOf(() => load(target, { CONFORMANCE_TOKEN: 'user' }))).toMatch(
      /^CONFORMANCE_TOKEN in the environment is 4 characters long, shorter than 8/,
    );
    expect(codeOf(() => load([...target, '--token', 'token-123456', '--token-b', 'other']))).toBe('BAD_TOKEN');
    expect(load([...target, '--token', '12345678']).token).toBe('12345678');
  });

  test('npm that took an option because "--" is missing is told so', () => {
    const npm = { npm_lifecycle_event: 'conformance', npm_config_base_url: 'http://127.0.0.1:9' };
    expect(messageOf(() => load(['usr_1'], npm))).toBe(
      'npm took --base-url as its own option because a "--" is missing: write npm run conformance -- --base-url ...',
    );
    // Outside npm, such a variable is someone else's.
    expect(load([], { npm_config_base_url: 'x' }).baseUrl).toBeUndefined();
  });

  test('an unknown flag close to a known one names it', () => {
    expect(messageOf(() => load(['--base-ur', 'x']))).toBe(
      'unknown option --base-ur (did you mean --base-url?); run with --help to see the options',
    );
  });

  test('each mistake has its own code', () => {
    expect(codeOf(() => load(['--nope']))).toBe('UNKNOWN_FLAG');
    expect(codeOf(() => load(['stray']))).toBe('UNKNOWN_FLAG');
    expect(codeOf(() => load(['--runs']))).toBe('MISSING_VALUE');
    expect(codeOf(() => load(['--runs', 'ten']))).toBe('BAD_NUMBER');
    expect(codeOf(() => load(['--runs', '0']))).toBe('BAD_NUMBER');
    expect(codeOf(() => load(['--max-writes', '1.5']))).toBe('BAD_NUMBER');
    expect(codeOf(() => load(['--base-url', 'not a url', '--token', 'token-123456', '--user-id', 'u']))).toBe('BAD_URL');
    expect(codeOf(() => load(['--base-url', 'ftp://x', '--token', 'token-123456', '--user-id', 'u']))).toBe('BAD_URL');
    expect(codeOf(() => load(['--base-url', 'http://u:p@x', '--token', 'token-123456', '--user-id', 'u']))).toBe('BAD_URL');
    expect(codeOf(() => load(['--shard', '3/2']))).toBe('BAD_SHARD');
  });
});

test('--unmasked-evidence is off unless asked, by the flag, CONFORMANCE_UNMASKED_EVIDENCE or .env, and --help says it is for synthetic data only', () => {
  expect(load([]).unmaskedEvidence).toBe(false);
  expect(load(['--unmasked-evidence']).unmaskedEvidence).toBe(true);
  expect(load([], { CONFORMANCE_UNMASKED_EVIDENCE: 'true' }).unmaskedEvidence).toBe(true);
  expect(load([], {}, 'CONFORMANCE_UNMASKED_EVIDENCE=1\n').unmaskedEvidence).toBe(true);
  expect(load(['--unmasked-evidence=false'], { CONFORMANCE_UNMASKED_EVIDENCE: 'true' }).unmaskedEvidence).toBe(false);
  expect(helpText()).toMatch(/--unmasked-evidence +SYNTHETIC DATA ONLY/);
});

test('--skip-area takes known areas, comma-separated; an unknown one is one sentence naming the areas', () => {
  expect(skippedAreas(loadConfig({ argv: ['--skip-area', 'replay, robustness'], env: {} }).skipArea)).toEqual(['replay', 'robustness']);
  expect(() => loadConfig({ argv: ['--skip-area', 'replays'], env: {} })).toThrow(
    /--skip-area replays: not an area of checks; the areas are auth, .*replay, robustness/,
  );
});

test('--check takes check ids, comma-separated; an unknown one is one sentence that suggests the ids it resembles; not with --shard', () => {
  expect(checksNamed(loadConfig({ argv: ['--check', 'pagination.traversal.ends, users.get.schema'], env: {} }).check)).toEqual([
    'pagination.traversal.ends',
    'users.get.schema',
  ]);
  expect(() => loadConfig({ argv: ['--check', 'traversal.ends'], env: {} })).toThrow(
    /--check traversal.ends: no check has that id; did you mean pagination.traversal.ends\? \(--list prints every id\)/,
  );
  expect(codeOf(() => loadConfig({ argv: ['--check', 'no.such.check'], env: {} }))).toBe('BAD_CHECK');
  expect(messageOf(() => loadConfig({ argv: ['--check', 'users.get.schem'], env: {} }))).toMatch(/did you mean users.get.schema\?/);
  expect(messageOf(() => loadConfig({ argv: ['--check', 'users.get.schema', '--shard', '1/2'], env: {} }))).toMatch(/give one of them/);
});

describe('names as the user gave them', () => {
  test('did-you-mean weighs separators and case first: CONFORMANCE_TOKENB is CONFORMANCE_TOKEN_B, not CONFORMANCE_TOKEN', () => {
    expect(messageOf(() => load([], { CONFORMANCE_TOKENB: 't' }))).toMatch(/did you mean CONFORMANCE_TOKEN_B\?/);
    expect(messageOf(() => load([], { CONFORMANCE_USERIDB: 'u' }))).toMatch(/did you mean CONFORMANCE_USER_ID_B\?/);
  });

  test('each setting keeps where it came from: the flag, the environment or .env', () => {
    const config = load(
      ['--user-id', 'u1'],
      { CONFORMANCE_BASE_URL: 'https://staging.example.com', CONFORMANCE_TOKEN: 'tok-from-env-123456' },
      'CONFORMANCE_TOKEN_B=tok-from-dotenv-654321\n',
    );
    expect(config.origins?.token).toBe('CONFORMANCE_TOKEN in the environment');
    expect(config.origins?.['token-b']).toMatch(/^CONFORMANCE_TOKEN_B in .*\.env$/);
    expect(config.origins?.['user-id']).toBe('--user-id');
  });

  test('--help and the replay line name the command as it was invoked: npm run from a clone, the bin when installed or through npx', () => {
    expect(runCommand('npm')).toBe('npm run conformance --');
    expect(runCommand('bin')).toBe('banklink-conformance');
    expect(invocation({ BANKLINK_CONFORMANCE_COMMAND: 'banklink-conformance' })).toBe('bin');
    expect(invocation({})).toBe('npm');
    expect(subcommand('compare', 'bin')).toBe('banklink-conformance compare');
    expect(subcommand('compare', 'npm')).toBe('npm run compare --');
    expect(helpText()).toMatch(/compare( --)? OLD NEW/);
  });
});
