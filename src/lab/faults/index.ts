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
import { blindSpotFaults } from './blind-spots.js';
import type { BlindSpotFault, Fault } from './types.js';
import { usersFaults } from './users.js';

export type { BlindSpotFault, Fault } from './types.js';

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

/** Every caught fault's name, as a type: a misspelt name in a handler or a test fails to compile. */
export type FaultName = (typeof catalog)[number]['name'];
/** Every blind spot's name (blind-spots.ts). */
export type BlindSpotName = (typeof blindSpotFaults)[number]['name'];
/** Any fault a reference can be switched into: a caught one or a blind spot. */
export type AnyFaultName = FaultName | BlindSpotName;

/** The faults a check is aimed at: each must be caught (test/matrix/faults.test.ts). */
export const faults: readonly (Fault & { name: FaultName })[] = catalog;
/** The documented blind spots: each must be judged conformant, and aimed at no check. */
export const blindSpots: readonly (BlindSpotFault & { name: BlindSpotName })[] = blindSpotFaults;

const byName = new Map<string, Fault>(faults.map((f) => [f.name, f]));
const blindByName = new Map<string, BlindSpotFault>(blindSpots.map((f) => [f.name, f]));
if (faults.some((f) => blindByName.has(f.name))) throw new Error('a fault is both caught and a blind spot');

export function faultNamed(name: FaultName): Fault & { name: FaultName } {
  const fault = byName.get(name);
  if (!fault) throw new Error(`unknown fault "${name}"; known: ${faults.map((f) => f.name).join(', ')}`);
  return fault as Fault & { name: FaultName };
}

/** A fault's modifiers, caught or blind spot. */
export function bendsOf(name: AnyFaultName): Fault['bends'] {
  const fault = byName.get(name) ?? blindByName.get(name);
  if (!fault) throw new Error(`unknown fault "${name}"; known: ${[...byName.keys(), ...blindByName.keys()].join(', ')}`);
  return fault.bends;
}

/** Whether a name is a fault a reference can be switched into (a caught one or a blind spot). */
export function isFaultName(name: string): name is AnyFaultName {
  return byName.has(name) || blindByName.has(name);
}
