/**
 * Whether a request that met a transient refusal or a dropped connection may be sent again without
 * doubling a write: an idempotent method always; a write the API says a resend may double
 * (ApiKnowledge.resendMayDouble) only when the stored probe proves it was not stored, or, for a 503,
 * when the list is too large for the probe to look through; any other request defines no write to double. Shared by the transient and the connection resends
 * (policies/), so both ask the one question the same way.
 */
import type { ApiKnowledge } from './api-knowledge.js';
import type { Exchange, ExchangeRequest } from './exchange.js';
import type { Outgoing } from './pipeline.js';
import { isIdempotent } from './transient.js';

/** Whether a write that got no usable answer was stored after all (src/contract/operations/stored-probe.ts finds out). */
export type StoredVerdict =
  | { stored: false }
  | { stored: true; id: string }
  /** `pastReach`: the list was too large to look through, not a listing that failed. */
  | { stored: 'unknown'; why: string; pastReach?: boolean };

export type StoredProbe = (request: ExchangeRequest, answeredAt: number) => Promise<StoredVerdict>;

export type SafeToResend = (request: Outgoing, refused: Exchange | undefined) => Promise<boolean>;

export interface ResendSafetyOptions {
  api: Pick<ApiKnowledge, 'resendMayDouble'>;
  /** The probe as the run set it (read when asked: the run sets it once the client exists); absent: nothing is proven. */
  probe: () => StoredProbe | undefined;
  /** The request as the probe reads it, when no answer carried it (a dropped connection). */
  requestOf: (request: Outgoing) => ExchangeRequest;
  /** The probe found the write stored: `refused` is its answer (absent: the connection dropped). */
  onStoredDespite: (refused: Exchange | undefined, id: string) => void;
}

export function resendSafety(options: ResendSafetyOptions): SafeToResend {
  return async (request, refused) => {
    if (isIdempotent(request.method)) return true;
    if (!options.api.resendMayDouble(request)) return true;
    const probe = options.probe();
    if (probe === undefined) return false;
    const verdict = await probe(refused?.request ?? options.requestOf(request), Date.now());
    if (verdict.stored === false) return true;
    if (verdict.stored === true) options.onStoredDespite(refused, verdict.id);
    // A 503 is the server's word that it did not handle the request (RFC 9110 15.6.4): where the list
    // is too large to look through, that word is the evidence there is, and the write is sent again.
    if (verdict.stored === 'unknown' && verdict.pastReach === true && refused?.status === 503) return true;
    // Stored, or not proven either way (the listing failed): the refusal stands as the answer.
    return false;
  };
}
