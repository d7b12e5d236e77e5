/** The fault catalog: every area's faults in one list, names unique. */
import { authFaults } from './auth.js';
import { authOperationFaults } from './auth-operations.js';
import { conventionFaults } from './conventions.js';
import { createFaults } from './create.js';
import { httpFaults } from './http.js';
import { invariantFaults } from './invariants.js';
import { listCompletenessFaults } from './lists-completeness.js';
import { listsFaults } from './lists.js';
import { replayFaults } from './replay.js';
import { robustnessFaults } from './robustness.js';
import { routeFaults } from './routes.js';
import { schemaFaults } from './schema.js';
import { sequenceFaults } from './sequences.js';
import type { Fault } from './types.js';
import { usersFaults } from './users.js';

export type { Fault } from './types.js';

const catalog = [
  ...schemaFaults,
  ...authFaults,
  ...listsFaults,
  ...createFaults,
  ...usersFaults,
  // The faults that prove the checks no fault was aimed at before (issue 17).
  ...authOperationFaults,
  ...listCompletenessFaults,
  ...httpFaults,
  ...conventionFaults,
  ...replayFaults,
  ...robustnessFaults,
  ...sequenceFaults,
  // The faults only other checks' traffic shows, proving the run-wide invariants (issue 41).
  ...invariantFaults,
  // The faults that prove the statements only cited before (issue 54): operations on another route.
  ...routeFaults,
] as const;

/** Every fault's name, as a type: a misspelt name in a handler or a test fails to compile. */
export type FaultName = (typeof catalog)[number]['name'];

export const faults: readonly (Fault & { name: FaultName })[] = catalog;

const byName = new Map<string, Fault>(faults.map((f) => [f.name, f]));

export function faultNamed(name: FaultName): Fault & { name: FaultName } {
  const fault = byName.get(name);
  if (!fault) throw new Error(`unknown fault "${name}"; known: ${faults.map((f) => f.name).join(', ')}`);
  return fault as Fault & { name: FaultName };
}

export function isFaultName(name: string): name is FaultName {
  return byName.has(name);
}
