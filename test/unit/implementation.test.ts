/** --implementation NAME@VERSION (issue 56 item 5): what is tested, validated before anything is sent. */
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { parseImplementation } from '../../src/core/identity/implementation.js';
import { implementationOf } from '../../src/runner/run-results.js';

const configError = (argv: string[], env: NodeJS.ProcessEnv = {}): ConfigError => {
  try {
    loadConfig({ argv, env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('no ConfigError');
};

describe('--implementation NAME@VERSION', () => {
  test('names and versions as products write them, a scoped name keeping its own @', () => {
    expect(parseImplementation('acme-bank-api@2.3.1')).toEqual({ name: 'acme-bank-api', version: '2.3.1' });
    expect(parseImplementation('@acme/bank@2.3.1-rc.1+build.7')).toEqual({ name: '@acme/bank', version: '2.3.1-rc.1+build.7' });
    expect(parseImplementation('Acme Bank API@2026.11.28')).toEqual({ name: 'Acme Bank API', version: '2026.11.28' });
    expect(parseImplementation('staging@9f1c2ab')).toEqual({ name: 'staging', version: '9f1c2ab' });
  });

  test('a value without @VERSION, with an empty part or a spaced version is refused with one sentence that shows the form', () => {
    for (const wrong of ['acme', 'acme@', '@2.3.1', 'acme@2.3 beta', 'acme@@1'])
      expect(parseImplementation(wrong), wrong).toHaveProperty('problem');
    const error = configError(['--implementation', 'acme']);
    expect(error.code).toBe('BAD_IMPLEMENTATION');
    expect(error.message).toBe(
      '--implementation takes NAME@VERSION, like acme-bank-api@2.3.1 (the name and version of the implementation under test, as the report should certify them); got "acme" (no @VERSION)',
    );
  });

  test('from the environment too, the sentence naming the variable', () => {
    const error = configError([], { CONFORMANCE_IMPLEMENTATION: 'acme@2.3 beta' });
    expect(error.message).toMatch(/^CONFORMANCE_IMPLEMENTATION in the environment "acme@2.3 beta": the version "2.3 beta" must be/);
    expect(implementationOf(loadConfig({ argv: [], env: { CONFORMANCE_IMPLEMENTATION: 'acme@2.3.1' } }))).toEqual({
      name: 'acme',
      version: '2.3.1',
    });
    expect(implementationOf(loadConfig({ argv: [], env: {} }))).toBeUndefined();
  });
});
