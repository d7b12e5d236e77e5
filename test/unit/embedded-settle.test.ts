import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { settingsFrom } from '../../src/runner/settings-from.js';

describe('the settle window against the embedded reference', () => {
  let reference: RunningReference;
  beforeAll(async () => {
    reference = await startReference({});
  });
  afterAll(() => reference.close());

  test('is 0 when nothing sets it: the embedded reference lists a write as it answers it', () => {
    expect(settingsFrom(loadConfig({ argv: [], env: {} }), reference).settleMs).toBe(0);
  });

  test('is what --settle-ms or CONFORMANCE_SETTLE_MS says, when one is given', () => {
    expect(settingsFrom(loadConfig({ argv: ['--settle-ms', '3000'], env: {} }), reference).settleMs).toBe(3000);
    expect(settingsFrom(loadConfig({ argv: [], env: { CONFORMANCE_SETTLE_MS: '700' } }), reference).settleMs).toBe(700);
  });

  test('stays at the default of 5000 against a --base-url target, which may have replicas', () => {
    const config = loadConfig({
      argv: ['--base-url', reference.url, '--user-id', 'usr_1'],
      env: { CONFORMANCE_TOKEN: 'tok-0123456789abcdef' },
    });
    expect(settingsFrom(config, undefined).settleMs).toBe(5000);
  });
});
