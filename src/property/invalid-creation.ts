/**
 * What an invalid create request (src/arbitraries/invalid-body.ts) must and should get: never a
 * 5xx, never a 2xx when nothing can be linked to a user, a 4xx by convention for the rest, and,
 * whatever the answer, nothing created when it was refused.
 */
import type { InvalidCreateRequest } from '../arbitraries/invalid-body.js';
import { isServerError, isSuccess } from '../http/exchange.js';
import type { Probe } from '../suite/probe.js';
import { idOf, listBanksOf } from './bank-listing.js';
import type { Verdict } from './run-property.js';
import type { Sent, SendCache } from './send-cache.js';

export type InvalidSent = Sent<InvalidCreateRequest>;

export const describeInvalid = (request: InvalidCreateRequest): string =>
  `${request.kind} (${request.expectation}): Content-Type ${request.contentType}, body ${request.rawBody}`;

export function invalidRequestOptions(request: InvalidCreateRequest) {
  return { method: 'POST' as const, path: '/user_banks', rawBody: request.rawBody, headers: { 'content-type': request.contentType } };
}

/** A 5xx is a server defect whatever the body (RFC 9110 15.6). */
export function judgeNo5xx(sent: InvalidSent): Verdict {
  if (!isServerError(sent.exchange)) return { ok: true };
  return { ok: false, problem: `${sent.input.kind} was answered ${sent.exchange.status}, a server error`, expected: 'a 4xx (or a 2xx where the body can be used)', actual: String(sent.exchange.status), exchange: sent.exchange };
}

/** Nothing can be linked to no user: a body that is not an object, malformed, or without a known user_id is never a success. */
export function judgeRefused(sent: InvalidSent): Verdict {
  if (sent.input.expectation !== 'must-reject' || !isSuccess(sent.exchange)) return { ok: true };
  return { ok: false, problem: `${sent.input.kind} was accepted with ${sent.exchange.status}: no User Bank can be linked to no user`, expected: 'a 4xx', actual: String(sent.exchange.status), exchange: sent.exchange };
}

/** Where the spec says nothing of what is required, a 4xx is the convention (RFC 9110 15.5); a warn when accepted. */
export function judgeConventional(sent: InvalidSent): Verdict {
  const { status } = sent.exchange;
  const { expectation, kind } = sent.input;
  if (expectation === 'should-reject' && isSuccess(sent.exchange)) {
    return { ok: true, warning: { key: `accepted:${kind}`, message: `${kind} was accepted with ${status}; a 4xx is the convention for a body the service cannot use`, exchange: sent.exchange } };
  }
  if (!isSuccess(sent.exchange) && !isServerError(sent.exchange) && (status < 400 || status > 499)) {
    return { ok: true, warning: { key: `status:${status}`, message: `${kind} was refused with ${status}; a 4xx (Client Error) is the convention`, exchange: sent.exchange } };
  }
  return { ok: true };
}

/**
 * A refused request creates nothing: the configured User's list (and the list of the body's other
 * user_id, if any) holds no new bank after it. The previous listing is the "before", so this must
 * run while nothing else writes (a sequential check) and must be the one that sends each request.
 * A bank linked to a User the suite does not know of cannot be seen; that is the limit of the proof.
 */
export class NothingCreatedProof {
  private known: Set<string> | undefined;

  constructor(
    private readonly userId: string,
    private readonly sends: SendCache<InvalidCreateRequest>,
  ) {}

  async judge(t: Probe, request: InvalidCreateRequest): Promise<Verdict> {
    if (this.sends.has(request)) return { ok: true, unproven: 'sent before, so its effect cannot be told apart' };
    if (!this.known) {
      const before = await listBanksOf(t, this.userId);
      if (!before.complete) return { ok: true, unproven: `the list could not be read to its end (${before.walk.detail ?? before.walk.end})` };
      this.known = idsOf(before.banks);
    }
    const sent = await this.sends.send(request);
    t.attach(sent.exchange);
    const after = await listBanksOf(t, this.userId);
    const fresh = [...idsOf(after.banks)].filter((id) => !(this.known as Set<string>).has(id));
    for (const id of fresh) (this.known as Set<string>).add(id);
    if (isSuccess(sent.exchange)) return { ok: true, unproven: 'accepted, so its bank is expected' };
    if (fresh.length > 0) {
      return { ok: false, problem: `${request.kind} was refused with ${sent.exchange.status}, yet ${fresh.length} new bank(s) appeared in the list of the User: ${fresh.join(', ')}`, expected: 'no new bank', actual: fresh.join(', '), exchange: sent.exchange };
    }
    if (request.otherUserId !== undefined) {
      const other = await listBanksOf(t, request.otherUserId);
      if (other.banks.length > 0) {
        return { ok: false, problem: `${request.kind} was refused with ${sent.exchange.status}, yet the list of that user_id holds ${other.banks.length} bank(s)`, expected: 'no bank', actual: other.banks.map((b) => idOf(b)).join(', '), exchange: sent.exchange };
      }
    }
    if (!after.complete) return { ok: true, unproven: `the list could not be read to its end (${after.walk.detail ?? after.walk.end})` };
    return { ok: true };
  }
}

function idsOf(banks: Record<string, unknown>[]): Set<string> {
  return new Set(banks.map(idOf).filter((id): id is string => id !== undefined));
}
