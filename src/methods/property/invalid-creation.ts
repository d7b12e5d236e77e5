/**
 * What an invalid create request (src/contract/arbitraries/invalid-body.ts) must and should get: never a
 * 5xx, never a 2xx when nothing can be linked to a user, a 4xx by convention for the rest, and,
 * whatever the answer, nothing created when it was refused.
 */
import type { InvalidCreateRequest } from '../../contract/arbitraries/invalid-body.js';
import { isServerError, isSuccess } from '../../http/exchange.js';
import type { Probe } from '../../harness/probe.js';
import { perRun } from '../../harness/per-run.js';
import { idsIn, listingAfterWrites, listingBeforeRefusedWrites } from '../steps/refused-writes.js';
import { INVALID_ROOM } from '../../core/write-plan.js';
import { idOf, listBanksOf } from '../steps/bank-listing.js';
import type { Verdict } from './run-property.js';
import { SendCache, type Sent } from './send-cache.js';

export type InvalidSent = Sent<InvalidCreateRequest>;

export const describeInvalid = (request: InvalidCreateRequest): string =>
  `${request.kind} (${request.expectation}): Content-Type ${request.contentType}, body ${request.rawBody}`;

export function invalidRequestOptions(request: InvalidCreateRequest) {
  return {
    method: 'POST' as const,
    path: '/user_banks',
    rawBody: request.rawBody,
    headers: { 'content-type': request.contentType },
    purpose: acceptedPurpose(request),
  };
}

/**
 * Why the target holds a bank made from this request, if it accepted it: a body the spec lets a
 * service accept (an extra member, a type it defaults or extends) is no invalid body, and the
 * footprint must not call it one.
 */
function acceptedPurpose(request: InvalidCreateRequest): string {
  if (request.expectation !== 'may-accept') return 'bodies the checks expected refused (a 4xx is the convention), accepted by the target';
  const what = request.kind === 'unknown extra members' ? 'an extra member' : request.kind;
  return `accepted with ${what} (allowed)`;
}

/** A 5xx is a server defect whatever the body (RFC 9110 15.6). */
export function judgeNo5xx(sent: InvalidSent): Verdict {
  if (!isServerError(sent.exchange)) return { ok: true };
  return {
    ok: false,
    problem: `${sent.input.kind} was answered ${sent.exchange.status}, a server error`,
    expected: 'a 4xx (or a 2xx where the body can be used)',
    actual: String(sent.exchange.status),
    exchange: sent.exchange,
  };
}

/** Nothing can be linked to no user: a body that is not an object, malformed, or without a known user_id is never a success. */
export function judgeRefused(sent: InvalidSent): Verdict {
  if (sent.input.expectation !== 'must-reject' || !isSuccess(sent.exchange)) return { ok: true };
  return {
    ok: false,
    problem: `${sent.input.kind} was accepted with ${sent.exchange.status}: no User Bank can be linked to no user`,
    expected: 'a 4xx',
    actual: String(sent.exchange.status),
    exchange: sent.exchange,
  };
}

/** Where the spec says nothing of what is required, a 4xx is the convention (RFC 9110 15.5); a warn when accepted. */
export function judgeConventional(sent: InvalidSent): Verdict {
  const { status } = sent.exchange;
  const { expectation, kind } = sent.input;
  if (expectation === 'should-reject' && isSuccess(sent.exchange)) {
    return {
      ok: true,
      warning: {
        key: `accepted:${kind}`,
        message: `${kind} was accepted with ${status}; by convention (RFC 9110 15.5) a service refuses such a request with a 4xx rather than guess what was meant`,
        exchange: sent.exchange,
      },
    };
  }
  if (!isSuccess(sent.exchange) && !isServerError(sent.exchange) && (status < 400 || status > 499)) {
    return {
      ok: true,
      warning: {
        key: `status:${status}`,
        message: `${kind} was refused with ${status}; a 4xx (Client Error) is the convention`,
        exchange: sent.exchange,
      },
    };
  }
  return { ok: true };
}

/**
 * A refused request creates nothing. All of the run's absence proofs share two listings of the
 * configured User's banks (src/methods/steps/refused-writes.ts): one before the first request that may be
 * refused, one once the settle window has passed since the run's latest write (not a listing per
 * request: a staging User with 12,000 banks 30 ms away takes 4 s a walk). A bank in the second that
 * the first did not hold and this run did not create (a 2xx), and that carries the account and
 * routing numbers of a refused request, was stored by that request: another writer's banks carry
 * other numbers. A refused body with no account number cannot be told apart that way; a new
 * unattributed bank is then said in the pass note, not failed. Every invalid request is sent after
 * the first listing (invalidSends below). A bank linked to a User the suite does not know of cannot
 * be seen, except under the unknown user_id a request named, whose list is read after the window too.
 */
export class NothingCreatedProof {
  private readonly refused: InvalidSent[] = [];

  constructor(private readonly sends: SendCache<InvalidCreateRequest>) {}

  /** The request's answer (sent now, or earlier by another check); whether it stored anything is judged by `settle`. */
  async judge(t: Probe, request: InvalidCreateRequest): Promise<Verdict> {
    const before = await listingBeforeRefusedWrites(t);
    if (!before.complete)
      return {
        ok: true,
        unproven: `the configured User's list was read to ${before.walk.items.length} items, not to its end (${before.walk.detail ?? before.walk.end})`,
      };
    const sent = await this.sends.send(request);
    t.attach(sent.exchange);
    if (isSuccess(sent.exchange)) return { ok: true, unproven: 'accepted, so its bank is expected' };
    this.refused.push(sent);
    return { ok: true };
  }

  /**
   * The read after the settle window, shared with the run's other absence proofs. Fails each refused
   * request whose numbers a new bank carries; inconclusive when the list cannot be read to its end,
   * since a stored request could be further on. Returns a note on new banks no refused request can
   * be blamed for.
   */
  async settle(t: Probe): Promise<string | undefined> {
    if (this.refused.length === 0) return undefined;
    const known = idsIn(await listingBeforeRefusedWrites(t));
    const after = await listingAfterWrites(t);
    const fresh = after.banks.filter((bank) => {
      const id = idOf(bank);
      return id !== undefined && !known.has(id) && !t.run.client.createdIds.has(id);
    });
    let unattributed = 0;
    for (const bank of fresh) {
      const culprit = this.refused.find((sent) => carries(sent.input, bank));
      if (culprit === undefined) {
        unattributed += 1;
        continue;
      }
      t.fail(
        `${culprit.input.kind} was refused with ${culprit.exchange.status}, yet a User Bank with its account and routing numbers (id ${String(bank.id)}) is listed for the User once the settle window has passed`,
        {
          exchange: culprit.exchange,
          expected: 'no new bank',
          actual: `User Bank ${String(bank.id)}`,
        },
      );
    }
    await this.judgeOtherUsers(t);
    if (!after.complete)
      t.inconclusive(
        `the User's list could not be read to its end after the refused requests (${after.walk.detail ?? after.walk.end}), so a stored one might be further on; a --user-id with fewer User Banks lets the proof finish`,
      );
    return unattributed > 0
      ? `${unattributed} new bank(s) that no refused request's numbers match appeared meanwhile (another writer's, or from a refused body with no account number)`
      : undefined;
  }

  /** The list of each unknown user_id a refused request named must hold nothing. */
  private async judgeOtherUsers(t: Probe): Promise<void> {
    const named = new Map<string, InvalidSent>();
    for (const sent of this.refused)
      if (sent.input.otherUserId !== undefined && !named.has(sent.input.otherUserId)) named.set(sent.input.otherUserId, sent);
    for (const [otherUserId, sent] of named) {
      const other = await listBanksOf(t, otherUserId);
      if (other.banks.length === 0) continue;
      t.fail(
        `${sent.input.kind} was refused with ${sent.exchange.status}, yet the list of that user_id holds ${other.banks.length} bank(s)`,
        {
          exchange: sent.exchange,
          expected: 'no bank',
          actual: other.banks.map((b) => idOf(b)).join(', '),
        },
      );
    }
  }
}

/** The account and routing numbers a refused body carries (a bank stored from it would too); undefined when it has no account number. */
function identityOf(request: InvalidCreateRequest): { account: string; routing: unknown } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    return undefined;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { account_number: account, routing_number: routing } = body as Record<string, unknown>;
  return typeof account === 'string' && account !== '' ? { account, routing } : undefined;
}

/** Whether a listed bank carries the account and routing numbers of a refused request's body. */
function carries(request: InvalidCreateRequest, bank: Record<string, unknown>): boolean {
  const identity = identityOf(request);
  return (
    identity !== undefined &&
    bank.account_number === identity.account &&
    (typeof identity.routing !== 'string' || bank.routing_number === identity.routing)
  );
}

/**
 * The invalid requests of a run, each sent once and its answer shared by every property that judges
 * it (the create suite's and the absence proof's); once INVALID_ROOM of them were accepted (a lenient
 * target's writes), no new one is sent, whatever other checks write meanwhile.
 * Senders await listingBeforeRefusedWrites first, so the absence proof can judge every one.
 */
export const invalidSends = perRun(
  (client) =>
    new SendCache<InvalidCreateRequest>(
      client,
      (request) => `${request.contentType}\n${request.rawBody}`,
      invalidRequestOptions,
      INVALID_ROOM,
    ),
);
