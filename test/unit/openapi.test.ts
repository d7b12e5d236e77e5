/**
 * schemas/openapi.json: generated from the JSON Schemas (stale file = failing test), linted by an
 * independent maintained tool (@redocly/cli, offline), and saying what the spec says.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildOpenApi, openApiText } from '../../src/contract/openapi/document.js';
import { schemasDir } from '../../src/core/paths.js';
import { suiteVersion } from '../../src/results/results.js';

const file = join(schemasDir, 'openapi.json');
const root = resolve(import.meta.dirname, '..', '..');
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; parameters?: { name: string; schema: Record<string, unknown> }[] }>
  >;
  [k: string]: unknown;
};

describe('schemas/openapi.json', () => {
  test('is in step with schemas/*.schema.json (run npm run build:openapi when this fails)', () => {
    const fresh = openApiText(buildOpenApi({ schemasDir, version: suiteVersion() }));
    expect(readFileSync(file, 'utf8')).toBe(fresh);
  });

  test('describes the four operations, each behind the bearer scheme, each with a 2XX and a generic 4XX', () => {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Doc & {
      security: unknown;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(['GET /rfp_registrations', 'GET /user_banks', 'GET /users/{user_id}', 'POST /user_banks']);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) expect(Object.keys(operation.responses).sort()).toEqual(['2XX', '4XX']);
    }
    const limit = doc.paths['/user_banks']?.get?.parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 100 });
    expect(JSON.stringify(doc)).not.toContain('.schema.json'); // every file reference became a component reference
    expect(Object.keys(doc.components.schemas)).not.toContain('Results');
  });

  test('lints clean with @redocly/cli (recommended-strict), offline', () => {
    const run = spawnSync(
      join(root, 'node_modules', '.bin', 'redocly'),
      ['lint', file, '--extends', 'recommended-strict', '--format', 'json'],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        // No telemetry, no update check: the lint needs no network.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
