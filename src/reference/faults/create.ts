import type { Fault } from './types.js';

/** Faults of the create area; the handlers ask for them by name through state.fault(). */
export const createFaults: Fault[] = [];
