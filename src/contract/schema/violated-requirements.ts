/**
 * Which requirements a set of schema violations breaks. A schema check covers every field of a
 * resource, so without this a single wrong field would mark all of them failed in the requirement
 * matrix; with it, the matrix fails only the field (or envelope member) that actually broke.
 */
import { hasRequirement } from '../../core/requirements.js';
import type { SchemaName, SchemaViolation } from './validator.js';

/** The catalog prefix of the resource a schema describes, and whether it is a list of them. */
const RESOURCES: Partial<Record<SchemaName, { prefix: string; list: boolean }>> = {
  'user-bank': { prefix: 'user_bank', list: false },
  user: { prefix: 'user', list: false },
  'rfp-registration': { prefix: 'rfp_registration', list: false },
  'user-bank-list': { prefix: 'user_bank', list: true },
  'rfp-registration-list': { prefix: 'rfp_registration', list: true },
  'list-envelope': { prefix: '', list: true },
};

/**
 * The requirement ids the violations break, or undefined when any one of them cannot be tied to a
 * requirement (the value is not an object at all, say): the caller then keeps the whole check's outcome.
 */
export function violatedRequirements(schema: SchemaName, violations: readonly SchemaViolation[]): string[] | undefined {
  const resource = RESOURCES[schema];
  if (!resource) return undefined;
  const ids = new Set<string>();
  for (const violation of violations) {
    const id = requirementOf(resource, violation);
    if (id === undefined || !hasRequirement(id)) return undefined;
    ids.add(id);
    // "All four fields are required" is its own statement of 2.3.
    if (resource.prefix === 'rfp_registration' && violation.keyword === 'required') ids.add('rfp_registration.required');
  }
  return ids.size > 0 ? [...ids] : undefined;
}

function requirementOf(resource: { prefix: string; list: boolean }, violation: SchemaViolation): string | undefined {
  let segments = violation.path.split('/').slice(1);
  if (resource.list) {
    // The envelope's own members: /data, /next_cursor, or one of them missing at the root.
    const member = segments.length === 0 ? (violation.keyword === 'required' ? violation.missingProperty : undefined) : segments[0];
    if (member === undefined) return undefined;
    if (member !== 'data' || segments.length <= 1) return `list.${member}`;
    segments = segments.slice(2); // /data/<index>/...
  }
  const field = segments[0] ?? (violation.keyword === 'required' ? violation.missingProperty : undefined);
  if (field === undefined || resource.prefix === '') return undefined;
  return `${resource.prefix}.${field}`;
}
