import type { Fault } from './types.js';

/** Faults of the users area; the handlers ask for them by name through state.fault(). */
export const usersFaults: Fault[] = [];
