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
      value: (error.data as Record<string, unknown>)[extra],
    };
  }
  return { path: error.instancePath, message, keyword: error.keyword, value: error.data };
}

/** Members of the spec's data that are personal (2.1, 2.2): a violation says the value's kind, never the value. */
const PERSONAL_MEMBERS = new Set([
  'ssn',
  'email',
  'phone',
  'first_name',
  'last_name',
  'line1',
  'line2',
  'account_number',
  'date_of_birth',
  'day',
  'month',
  'year',
]);
const SHOWN_CHARACTERS = 80;

/** The value a violation saw, as a reader needs it: JSON, cut at 80 characters; personal members by kind only. */
export function seenValue(violation: SchemaViolation): string | undefined {
  if (!('value' in violation) || violation.missingProperty !== undefined) return undefined;
  const member =
    violation.path
      .split('/')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? '';
  const value = violation.value;
  if (PERSONAL_MEMBERS.has(member)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
    return typeof value === 'string'
      ? `a string of ${value.length} characters (personal data, not shown)`
      : `${kind} (personal data, not shown)`;
  }
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
