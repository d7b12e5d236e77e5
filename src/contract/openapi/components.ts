/**
 * The JSON Schemas of schemas/ as OpenAPI 3.1 components. OpenAPI 3.1 speaks JSON Schema 2020-12,
 * so the schemas go in unchanged except for what ties them to files: `$schema` and `$id` are
 * dropped and every file reference (`user-bank.schema.json`) becomes `#/components/schemas/UserBank`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The suite's own output schemas (results, HAR, the clean-up list) are not part of the API under test. */
const NOT_API = new Set(['results.schema.json', 'har.schema.json', 'created.schema.json']);

export type JsonObject = { [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;

/** `user-bank-list.schema.json` -> `UserBankList`; `rfp-registration.schema.json` -> `RfpRegistration`. */
export function componentName(file: string): string {
  return file
    .replace(/\.schema\.json$/, '')
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

export const componentRef = (file: string): string => `#/components/schemas/${componentName(file)}`;

/** The judging schemas' format for the spec's "ISO 8601 date-time" (src/contract/schema/validator.ts). */
const ISO8601_FORMAT = 'iso8601-date-time';

function rewrite(value: JsonValue, files: Set<string>): JsonValue {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, files));
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') continue;
    // OpenAPI tools know RFC 3339's date-time, the SHOULD; the judging schemas accept every ISO 8601 form (the MUST).
    if (key === 'format' && member === ISO8601_FORMAT) {
      out[key] = 'date-time';
      continue;
    }
    if (key === '$ref' && typeof member === 'string') {
      if (!files.has(member)) throw new Error(`a $ref to "${member}", which is not a schema file of schemas/`);
      out[key] = componentRef(member);
      continue;
    }
    out[key] = rewrite(member, files);
  }
  return out;
}

/** Every API schema of `dir`, keyed by component name, in file-name order (a stable output). */
export function loadComponents(dir: string): Record<string, JsonObject> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json') && !NOT_API.has(f))
    .sort();
  const known = new Set(files);
  const components: Record<string, JsonObject> = {};
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonObject;
    components[componentName(file)] = rewrite(schema, known) as JsonObject;
  }
  return components;
}
