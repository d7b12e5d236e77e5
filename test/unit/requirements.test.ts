import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { assertRegistryConsistent, checks } from '../../src/contract/checks/registry.js';
import { specPath, suitesDir } from '../../src/core/paths.js';
import { requirements } from '../../src/core/requirements.js';
import { loadSuites } from '../../src/runner/check-engine.js';
import { checkCatalogPath, checkCatalogSource } from '../../scripts/check-catalog.js';

const spec = readFileSync(specPath, 'utf8');

describe('the requirement catalog', () => {
  test('every MUST quote from the spec appears in the spec word for word', () => {
    const missing = requirements.filter((r) => r.source === undefined && !spec.includes(r.quote)).map((r) => r.id);
    expect(missing).toEqual([]);
  });

  test('every convention names its RFC source, every spec requirement a section of the spec', () => {
    for (const r of requirements) {
      if (r.level === 'SHOULD') expect(r.source, r.id).toMatch(/^RFC \d+/);
      if (r.source === undefined)
        expect(r.section === 'intro' || spec.includes(`## ${r.section}`) || spec.includes(`### ${r.section}`), r.id).toBe(true);
    }
  });

  test('ids are unique', () => {
    expect(new Set(requirements.map((r) => r.id)).size).toBe(requirements.length);
  });

  test('the bundled spec is the shared spec (no drift)', () => {
    const shared = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'spec', 'bank-linking-api.md');
    if (!existsSync(shared)) return expect(spec.length).toBeGreaterThan(1000);
    expect(spec).toBe(readFileSync(shared, 'utf8'));
  });
});

describe('the check registry', () => {
  test('ids are unique and every requirement a check names exists', () => {
    expect(() => assertRegistryConsistent()).not.toThrow();
  });

  test('the suites declare exactly the registered checks, each once', async () => {
    const declared = (await loadSuites()).map((c) => c.spec.id);
    expect(declared.length).toBe(new Set(declared).size);
    expect([...declared].sort()).toEqual(checks.map((c) => c.id).sort());
  });

  test('src/contract/checks/catalog.generated.ts is what the declarations of suites/ make', async () => {
    const declared = await loadSuites();
    expect(
      readFileSync(checkCatalogPath, 'utf8') === checkCatalogSource(declared),
      'the check catalog is stale: run `npm run build:docs`',
    ).toBe(true);
    // Each check as declared is the one src/ reads, field by field.
    const byId = new Map(checks.map((c) => [c.id as string, c]));
    for (const { spec } of declared) expect(byId.get(spec.id), spec.id).toEqual(spec);
  });

  test('a declaration changed since the catalog was generated is seen (the staleness test can fail)', async () => {
    const declared = await loadSuites();
    const [first, ...rest] = declared as [(typeof declared)[number], ...typeof declared];
    const retitled = [{ ...first, spec: { ...first.spec, title: `${first.spec.title} (changed)` } }, ...rest];
    expect(checkCatalogSource(retitled)).not.toBe(readFileSync(checkCatalogPath, 'utf8'));
    expect(checkCatalogSource(rest)).not.toBe(readFileSync(checkCatalogPath, 'utf8'));
  });
});
