/**
 * The floors of src/, lowest first: a folder may import its own files and folders on floors below
 * it, never a folder on its floor or above (test/unit/architecture.test.ts holds every import to
 * this, and docs/architecture.md explains it). Nested folders belong to their top folder
 * (src/methods/pagination is the general methods).
 */
export const FLOORS: readonly (readonly string[])[] = [
  ['core'], // where files are, the requirement catalog, facts of the spec's data (domain/), the model of the callers' data (model/)
  ['http'], // the one HTTP client and its policies
  ['contract'], // what is checked: every check by id (checks/), the JSON Schemas (schema/), the OpenAPI document, the spec's statements, input generators (arbitraries/)
  ['config', 'lab'], // the settings of a run; the lab: reference server, variations, fault catalog, staging simulator
  ['results'], // the results model and what is made of it: reports (report/), comparisons (compare/), joined shards (merge/)
  ['harness'], // what a check runs on: its context, the probe, settle windows, the answer audit, the invariants
  ['methods', 'runner'], // the general methods (walks, properties, replay, robustness, shared steps); the run pipeline and the check engine
  ['bin'], // the commands
];

export function floorOf(folder: string): number {
  const index = FLOORS.findIndex((floor) => floor.includes(folder));
  if (index === -1) throw new Error(`src/${folder} is on no floor: add it to FLOORS in src/core/floors.ts`);
  return index;
}
