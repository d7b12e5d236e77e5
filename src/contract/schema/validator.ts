/**
 * JSON Schema 2020-12 validation with ajv, every schema compiled once per process. Validation
 * errors are data (ajv's own error objects, turned into one readable line each), never exceptions.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isIso8601DateTime } from '../../core/domain/iso8601.js';
import { schemasDir } from '../../core/paths.js';
import { maskPersonalAt } from '../../http/personal-members.js';

export type SchemaName =
  | 'user-bank'
  | 'user'
  | 'rfp-registration'
  | 'list-envelope'
  | 'user-bank-list'
  | 'rfp-registration-list'
  | 'create-user-bank-request'
  | 'results'
  | 'har'
  | 'created';

export interface SchemaViolation {
  /** JSON pointer into the validated value, '' for the root. */
  path: string;
  message: string;
  keyword: string;
  /** For a `required` violation: the member that is missing. */
  missingProperty?: string;
  /** The value that broke the rule (absent for a missing member: there is none). */
  value?: unknown;
  /** For an `additionalProperties` violation: the member that should not be there (`value` is its value). */
  additionalProperty?: string;
}

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

let ajv: Ajv2020 | undefined;
const compiled = new Map<SchemaName, ValidateFunction>();

/**
 * Every schema is added once (so their $refs resolve) but compiled only when first used: a run's
 * checks need the API's schemas, never those of results.json and the HAR, and each run's worker
 * would otherwise compile them all again.
 */
function validatorOf(name: SchemaName): ValidateFunction {
  const known = compiled.get(name);
  if (known) return known;
  ajv ??= schemasAdded();
  const fn = ajv.getSchema(`${name}.schema.json`) as ValidateFunction | undefined;
  if (!fn) throw new Error(`no schema named ${name} in ${schemasDir}`);
  compiled.set(name, fn);
  return fn;
}

function schemasAdded(): Ajv2020 {
  const made = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    strictTypes: false,
    allowUnionTypes: true,
    validateSchema: false,
  });
  addFormats(made);
  // The spec types timestamps as "ISO 8601 date-time": every ISO 8601 form is the MUST; RFC 3339's
  // profile (ajv-formats' date-time) is a convention, judged apart (src/harness/invariants/timestamps-rfc3339.ts).
  made.addFormat('iso8601-date-time', isIso8601DateTime);
  for (const file of readdirSync(schemasDir).filter((f) => f.endsWith('.schema.json')))
    made.addSchema(JSON.parse(readFileSync(join(schemasDir, file), 'utf8')), file);
  return made;
}

export function validate(name: SchemaName, value: unknown): SchemaViolation[] {
  const fn = validatorOf(name);
  if (fn(value)) return [];
  return (fn.errors ?? []).map(toViolation);
}

function toViolation(error: ErrorObject): SchemaViolation {
  let message = error.message ?? error.keyword;
  if (error.keyword === 'enum') message = `must be one of ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}`;
  if (error.keyword === 'required') {
    const missingProperty = (error.params as { missingProperty: string }).missingProperty;
    return {
      path: error.instancePath,
      message: `required member "${missingProperty}" is missing`,
      keyword: error.keyword,
      missingProperty,
    };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return {
      path: error.instancePath,
      message: `must not have the member "${extra}"`,
      keyword: error.keyword,
      additionalProperty: extra,
      value: (error.data as Record<string, unknown>)[extra],
    };
  }
  return { path: error.instancePath, message, keyword: error.keyword, value: error.data };
}

const SHOWN_CHARACTERS = 80;
/** A member name as a JSON Pointer reference token (RFC 6901). */
const escapePointer = (member: string): string => member.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The value a violation saw, as a reader needs it: JSON, cut at 80 characters; a personal value
 * masked to its shape, as the body beside the finding is (src/http/personal-members.ts), so "must
 * be object, seen "[masked string, 10 chars]"" still says what was wrong.
 */
export function seenValue(violation: SchemaViolation): string | undefined {
  if (!('value' in violation) || violation.missingProperty !== undefined) return undefined;
  // An extra member's value sits one member below the violation's path.
  const at =
    violation.additionalProperty === undefined ? violation.path : `${violation.path}/${escapePointer(violation.additionalProperty)}`;
  const value = maskPersonalAt(at, violation.value);
  const json = value === undefined ? 'undefined' : JSON.stringify(value);
  return json.length > SHOWN_CHARACTERS ? `${json.slice(0, SHOWN_CHARACTERS)}… (${json.length} characters)` : json;
}

export function describeViolations(violations: SchemaViolation[], limit = 5): string {
  const shown = violations.slice(0, limit).map((v) => {
    const seen = seenValue(v);
    return `${v.path || '(root)'} ${v.message}${seen === undefined ? '' : `, seen ${seen}`}`;
  });
  if (violations.length > limit) shown.push(`and ${violations.length - limit} more`);
  return shown.join('; ');
}
