import type { Fault } from './types.js';

/** Faults of the auth area; the handlers ask for them by name through state.fault(). */
export const authFaults: Fault[] = [];
