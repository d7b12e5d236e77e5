import type { Fault } from './types.js';

/** Faults of the lists area; the handlers ask for them by name through state.fault(). */
export const listsFaults: Fault[] = [];
