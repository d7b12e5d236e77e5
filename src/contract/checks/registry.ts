/**
 * Every check of the suite, by id: the catalog generated from the checks suites/ declares
 * (scripts/check-catalog.ts, `npm run build:docs`), so src/ knows every check without importing
 * suites/; a self-test proves the catalog is what the declarations make, so --list, coverage and the
 * reports never disagree with what runs.
 */
import { requirement, type RequirementId } from '../../core/requirements.js';
import { checkCatalog } from './catalog.generated.js';
import type { CheckSpec } from './types.js';

/** Every check id of the catalog: a misspelt id in a fault fails to compile. */
export type CheckId = (typeof checkCatalog)[number]['id'];

export const checks: readonly (CheckSpec & { id: CheckId })[] = checkCatalog;

const byId = new Map<string, CheckSpec>(checks.map((c) => [c.id, c]));

export function checkSpec(id: string): CheckSpec {
  const spec = byId.get(id);
  if (!spec)
    throw new Error(`no check "${id}" in src/contract/checks/catalog.generated.ts: declare it in suites/ and run npm run build:docs`);
  return spec;
}

/** Requirement ids a check proves: its own and those it covers. */
export function requirementsOf(spec: CheckSpec): RequirementId[] {
  return [spec.requirement, ...(spec.covers ?? [])];
}

/** Throws on a duplicate id or an unknown requirement, so a typo cannot hide a check. */
export function assertRegistryConsistent(): void {
  const seen = new Set<string>();
  for (const spec of checks) {
    if (seen.has(spec.id)) throw new Error(`duplicate check id ${spec.id}`);
    seen.add(spec.id);
    for (const id of requirementsOf(spec)) requirement(id);
  }
}
