/** The fault catalog: every area's faults in one list, names unique. */
import { authFaults } from './auth.js';
import { authOperationFaults } from './auth-operations.js';
import { conventionFaults } from './conventions.js';
import { createFaults } from './create.js';
import { httpFaults } from './http.js';
import { listCompletenessFaults } from './lists-completeness.js';
import { listsFaults } from './lists.js';
import { schemaFaults } from './schema.js';
import type { Fault } from './types.js';
import { usersFaults } from './users.js';

export type { Fault } from './types.js';

export const faults: readonly Fault[] = [
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
];

const byName = new Map(faults.map((f) => [f.name, f]));

export function faultNamed(name: string): Fault {
  const fault = byName.get(name);
  if (!fault) throw new Error(`unknown fault "${name}"; known: ${faults.map((f) => f.name).join(', ')}`);
  return fault;
}

export function isFaultName(name: string): boolean {
  return byName.has(name);
}
