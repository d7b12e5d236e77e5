import type { CheckSpec } from './types.js';

/** Tenant-isolation checks: one caller never sees or changes another's data (spec 4.3, 5). */
export const isolationChecks: CheckSpec[] = [];
