/**
 * The floors of src/, lowest first: a folder may import its own files and folders on floors below
 * it, never a folder on its floor or above (test/unit/architecture.test.ts holds every import to
 * this, and docs/architecture.md explains it). Nested folders belong to their top folder
 * (src/reference/handlers is the reference).
 */
export const FLOORS: readonly (readonly string[])[] = [
  ['core', 'domain', 'model'], // where files are, the requirement catalog, facts of the spec's data, what a sequence knows of the callers' data
  ['arbitraries', 'http', 'schema', 'openapi'], // generators, the one HTTP client, the JSON Schemas and the OpenAPI document made of them
  ['checks'], // the registry: every check with the requirement it proves
  ['statements', 'results', 'config', 'reference'], // the spec's statements, the results model, settings, the reference server
  ['compare', 'merge'], // two runs compared, shards joined
  ['report'], // results.json, JUnit, report.md, report.html, the console
  ['harness'], // what a check runs on: its context, the probe, settle windows, the answer audit
  ['pagination', 'replay'], // list walks; replays of the run's requests
  ['suite'], // behaviour helpers the suites share (absence proofs, the second caller)
  ['property', 'robustness'], // fast-check properties; unusual requests
  ['runner'], // preflight, the suite runner, a run's results
  ['bin'], // the commands
];

export function floorOf(folder: string): number {
  const index = FLOORS.findIndex((floor) => floor.includes(folder));
  if (index === -1) throw new Error(`src/${folder} is on no floor: add it to FLOORS in src/core/floors.ts`);
  return index;
}
