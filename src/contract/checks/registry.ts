/**
 * Every check of the suite, by id. The suites declare their checks by these ids; a self-test
 * proves the two sets are equal, so --list, coverage and the reports never disagree with what runs.
 */
import { requirement, type RequirementId } from '../../core/requirements.js';
import { authChecks } from './auth-operations.js';
import { httpChecks } from './http.js';
import { isolationChecks } from './isolation.js';
import { paginationChecks } from './pagination.js';
import { replayChecks } from './replay.js';
import { robustnessChecks } from './robustness.js';
import { rfpRegistrationsChecks } from './rfp-registrations.js';
import { sequencesChecks } from './sequences.js';
import type { CheckSpec } from './types.js';
import { userBanksCreateChecks } from './user-banks-create.js';
import { userBanksListChecks } from './user-banks-list.js';
import { usersChecks } from './users.js';

const all = [
  ...authChecks,
  ...isolationChecks,
  ...userBanksCreateChecks,
  ...userBanksListChecks,
  ...paginationChecks,
  ...rfpRegistrationsChecks,
  ...usersChecks,
  ...replayChecks,
  ...robustnessChecks,
  ...sequencesChecks,
  ...httpChecks,
] as const;

/** Every check id of the registry: a misspelt id in a suite or a fault fails to compile. */
export type CheckId = (typeof all)[number]['id'];

export const checks: readonly (CheckSpec & { id: CheckId })[] = all;

const byId = new Map<string, CheckSpec>(checks.map((c) => [c.id, c]));

export function checkSpec(id: string): CheckSpec {
  const spec = byId.get(id);
  if (!spec) throw new Error(`no check "${id}" in src/contract/checks: register it in its area file first`);
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
