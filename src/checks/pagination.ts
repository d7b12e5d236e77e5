import type { CheckSpec } from './types.js';

/** Cursor traversal, limit bounds and filters of the list operations (spec 2.4, 4.2, 8). */
export const paginationChecks: CheckSpec[] = [];
