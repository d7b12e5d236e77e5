/**
 * What an invalid create request (src/arbitraries/invalid-body.ts) must and should get: never a
 * 5xx, never a 2xx when nothing can be linked to a user, a 4xx by convention for the rest, and,
 * whatever the answer, nothing created when it was refused.
 */
import type { InvalidCreateRequest } from '../arbitraries/invalid-body.js';
import { isServerError, isSuccess } from '../http/exchange.js';
import type { Probe } from '../suite/probe.js';
import { untilSettled } from '../suite/settle.js';
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
 * A bank this run created itself (a 2xx) is never new: a replica may list it late. Because a refused
 * write could be listed late too, `settle` reads once more when the settle window has passed since
 * the last refusal, and blames a bank then found on the refused request whose numbers it carries.
 * A bank linked to a User the suite does not know of cannot be seen; that is the limit of the proof.
 */
export class NothingCreatedProof {
  private known: Set<string> | undefined;
  private readonly refused: { sent: InvalidSent; answeredAt: number }[] = [];

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
    const freshBanks = after.banks.filter((bank) => {
      const id = idOf(bank);
      return id !== undefined && !(this.known as Set<string>).has(id) && !t.run.client.createdIds.has(id);
    });
    for (const bank of freshBanks) (this.known as Set<string>).add(idOf(bank) as string);
    if (isSuccess(sent.exchange)) return { ok: true, unproven: 'accepted, so its bank is expected' };
    this.refused.push({ sent, answeredAt: sent.answeredAt });
    // Another writer may add banks to the same User meanwhile: a new bank is this request's when it
    // carries its numbers; a request with no numbers to tell its bank by cannot be judged then.
    const identifiable = identityOf(request) !== undefined;
    const blamed = identifiable ? freshBanks.filter((bank) => carries(request, bank)) : freshBanks;
    const fresh = blamed.map((bank) => idOf(bank) as string);
    if (fresh.length > 0 && identifiable) {
      return { ok: false, problem: `${request.kind} was refused with ${sent.exchange.status}, yet ${fresh.length} new bank(s) with its account number appeared in the list of the User: ${fresh.join(', ')}`, expected: 'no new bank', actual: fresh.join(', '), exchange: sent.exchange };
    }
    if (fresh.length > 0) return { ok: true, unproven: `${fresh.length} new bank(s) appeared in the User's list, but the request carries no account number to tell its own from another writer's` };
    if (request.otherUserId !== undefined) {
      const other = await listBanksOf(t, request.otherUserId);
      if (other.banks.length > 0) {
        return { ok: false, problem: `${request.kind} was refused with ${sent.exchange.status}, yet the list of that user_id holds ${other.banks.length} bank(s)`, expected: 'no bank', actual: other.banks.map((b) => idOf(b)).join(', '), exchange: sent.exchange };
      }
    }
    if (!after.complete) return { ok: true, unproven: `the list could not be read to its end (${after.walk.detail ?? after.walk.end})` };
    return { ok: true };
  }

  /**
   * The read after the settle window: a bank listed now that none of the earlier listings held and
   * this run did not create, carrying the account and routing numbers of a refused request, was
   * stored by that refused request. Other banks may be another writer's and are not judged.
   */
  async settle(t: Probe): Promise<void> {
    const last = this.refused.at(-1);
    if (last === undefined || this.known === undefined) return;
    await untilSettled(t, last.answeredAt);
    const after = await listBanksOf(t, this.userId);
    const fresh = after.banks.filter((bank) => {
      const id = idOf(bank);
      return id !== undefined && !(this.known as Set<string>).has(id) && !t.run.client.createdIds.has(id);
    });
    for (const bank of fresh) {
      const culprit = this.refused.find(({ sent }) => carries(sent.input, bank));
      if (culprit === undefined) continue;
      t.fail(`${culprit.sent.input.kind} was refused with ${culprit.sent.exchange.status}, yet a User Bank with its account and routing numbers (id ${String(bank.id)}) was listed once the settle window had passed`, {
        exchange: culprit.sent.exchange,
        expected: 'no new bank',
        actual: `User Bank ${String(bank.id)}`,
      });
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
  return identity !== undefined && bank.account_number === identity.account && (typeof identity.routing !== 'string' || bank.routing_number === identity.routing);
}

function idsOf(banks: Record<string, unknown>[]): Set<string> {
  return new Set(banks.map(idOf).filter((id): id is string => id !== undefined));
}
