/**
 * The last step before a byte is sent: nothing leaves once the run has ended or reached its time
 * bound (a check given up at its bound may still be running, and its resends and listings must not
 * reach the target after the verdict), nor once the target was found down (availability.ts). Last in
 * the chain, so a resend, a probe's listing or a refreshed token's retry is stopped here too.
 */
import type { Availability } from '../availability.js';
import { HttpError } from '../errors.js';
import type { Policy } from '../pipeline.js';

export interface Halt {
  /** Why nothing more may be sent, once the run has said so. */
  reason?: string;
}

export function haltGate(halt: Halt, availability: Pick<Availability, 'down'>): Policy {
  return async (request, next) => {
    if (halt.reason !== undefined) throw new HttpError('RUN_DEADLINE', `${request.method} ${request.path} not sent: ${halt.reason}`);
    const down = availability.down;
    if (down !== undefined) throw new HttpError('UNAVAILABLE', `${request.method} ${request.path} not sent: ${down.sentence}`);
    return next(request);
  };
}
