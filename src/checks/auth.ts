import type { CheckSpec } from './types.js';

/** Checks of Authorization on every operation (spec 5). */
export const authChecks: CheckSpec[] = [];
