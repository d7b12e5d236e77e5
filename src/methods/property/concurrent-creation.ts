/**
 * Banks created at once (concurrent POST /user_banks) must get distinct ids (2.1 "Unique
 * identifier") and all be kept: a service that derives ids from a counter read before an await, or
 * that loses a write under contention, fails here and nowhere else.
 */
import type { CreateBody } from '../../core/domain/user-bank.js';
import { isHttpError } from '../../http/errors.js';
import { isServerError, isSuccess, type Exchange } from '../../http/exchange.js';
import type { Probe } from '../../harness/probe.js';
import { slowListingWarning, untilListed } from '../../harness/settle.js';
import { idOf, listBanksSince, notPlaced } from '../steps/bank-listing.js';
import type { Verdict } from './run-property.js';

export const describeBodies = (bodies: CreateBody[]): string =>
  `${bodies.length} bodies sent at once for user_id ${JSON.stringify(bodies[0]?.user_id)}, account_numbers ${bodies.map((b) => b.account_number).join(', ')}`;

/** `send` gives each body's answer: the valid-body properties' sends, made side by side, shared with this check. */
export async function judgeConcurrentCreation(
  t: Probe,
  bodies: CreateBody[],
  send: (body: CreateBody) => Promise<Exchange>,
): Promise<Verdict> {
  const settled = await Promise.allSettled(bodies.map(send));
  const answered: Exchange[] = [];
  for (const result of settled) {
    if (result.status === 'fulfilled') answered.push(result.value);
    else if (!(isHttpError(result.reason) && result.reason.code === 'WRITE_BUDGET')) throw result.reason;
  }
  answered.forEach((exchange) => t.attach(exchange));
  const failed = answered.find(isServerError);
  if (failed)
    return {
      ok: false,
      problem: `a valid body sent with ${bodies.length - 1} others was answered ${failed.status}`,
      expected: '2xx',
      actual: String(failed.status),
      exchange: failed,
    };
  const byId = new Map<string, Exchange[]>();
  for (const exchange of answered.filter(isSuccess)) {
    const body = exchange.json as Record<string, unknown> | undefined;
    const id = body && typeof body === 'object' ? idOf(body) : undefined;
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), exchange]);
  }
  const created = [...byId.values()].reduce((n, list) => n + list.length, 0);
  if (created < 2) return { ok: true, unproven: `only ${created} of ${bodies.length} creations answered 2xx with an id` };
  const shared = [...byId.entries()].find(([, list]) => list.length > 1);
  if (shared) {
    const [id, list] = shared;
    return {
      ok: false,
      problem: `${list.length} different banks created at once were all given the id ${id}`,
      expected: `${created} distinct ids`,
      actual: `${byId.size} distinct ids for ${created} creations`,
      exchange: list[1] as Exchange,
    };
  }
  // A replica may list them late: read again, backing off, until all are listed or the settle window has passed.
  const answeredAt = Date.now();
  const countListed = (banks: Record<string, unknown>[]): Map<string, number> => {
    const listed = new Map<string, number>();
    for (const bank of banks) {
      const id = idOf(bank);
      if (id !== undefined) listed.set(id, (listed.get(id) ?? 0) + 1);
    }
    return listed;
  };
  const { listing, lagMs } = await untilListed(
    t,
    answeredAt,
    (after) => listBanksSince(t, bodies[0]?.user_id as string, after),
    (l) => {
      const listed = countListed(l.banks);
      return !l.complete || [...byId.keys()].every((id) => listed.has(id));
    },
  );
  const listed = countListed(listing.banks);
  const missing = [...byId.keys()].filter((id) => !listed.has(id));
  if (missing.length > 0 && listing.complete) {
    return {
      ok: false,
      problem: `${missing.length} of the ${created} banks created at once are not in the User's list: ${missing.join(', ')}`,
      expected: 'all listed',
      actual: `${missing.length} missing`,
      exchange: (byId.get(missing[0] as string) as Exchange[])[0] as Exchange,
    };
  }
  const twice = [...byId.keys()].find((id) => (listed.get(id) ?? 0) > 1);
  if (twice !== undefined)
    return {
      ok: false,
      problem: `bank ${twice} is listed ${listed.get(twice)} times`,
      expected: 'once',
      actual: String(listed.get(twice)),
    };
  if (!listing.complete) return { ok: true, unproven: notPlaced(listing) };
  const slow = slowListingWarning(t, lagMs);
  if (slow !== undefined) return { ok: true, warning: { key: 'listing-lag', message: slow } };
  return { ok: true };
}
