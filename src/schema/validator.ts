/**
 * JSON Schema 2020-12 validation with ajv, every schema compiled once per process. Validation
 * errors are data (ajv's own error objects, turned into one readable line each), never exceptions.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { schemasDir } from '../paths.js';

export type SchemaName =
  | 'user-bank'
  | 'user'
  | 'rfp-registration'
  | 'list-envelope'
  | 'user-bank-list'
  | 'rfp-registration-list'
  | 'create-user-bank-request'
  | 'results';

export interface SchemaViolation {
  /** JSON pointer into the validated value, '' for the root. */
  path: string;
  message: string;
  keyword: string;
  /** For a `required` violation: the member that is missing. */
  missingProperty?: string;
}

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

let compiled: Map<SchemaName, ValidateFunction> | undefined;

function load(): Map<SchemaName, ValidateFunction> {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true });
  addFormats(ajv);
  const files = readdirSync(schemasDir).filter((f) => f.endsWith('.schema.json'));
  for (const file of files) ajv.addSchema(JSON.parse(readFileSync(join(schemasDir, file), 'utf8')), file);
  compiled = new Map();
  for (const file of files) {
    const name = file.replace(/\.schema\.json$/, '') as SchemaName;
    compiled.set(name, ajv.getSchema(file) as ValidateFunction);
  }
  return compiled;
}

export function validate(name: SchemaName, value: unknown): SchemaViolation[] {
  const fn = load().get(name);
  if (!fn) throw new Error(`no schema named ${name} in ${schemasDir}`);
  if (fn(value)) return [];
  return (fn.errors ?? []).map(toViolation);
}

function toViolation(error: ErrorObject): SchemaViolation {
  let message = error.message ?? error.keyword;
  if (error.keyword === 'enum') message = `must be one of ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}`;
  if (error.keyword === 'required') {
    const missingProperty = (error.params as { missingProperty: string }).missingProperty;
    return { path: error.instancePath, message: `required member "${missingProperty}" is missing`, keyword: error.keyword, missingProperty };
  }
  return { path: error.instancePath, message, keyword: error.keyword };
}

export function describeViolations(violations: SchemaViolation[], limit = 5): string {
  const shown = violations.slice(0, limit).map((v) => `${v.path || '(root)'} ${v.message}`);
  if (violations.length > limit) shown.push(`and ${violations.length - limit} more`);
  return shown.join('; ');
}
