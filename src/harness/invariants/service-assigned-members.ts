/**
 * A create's answer carries the members the service assigns as the service's own, never the values
 * a body sent for them (4.1: "including the service-assigned id, created_at, is_rtp_enabled,
 * is_rtp_rfp_enabled, status and verification_status"). Judged where the sent value could not be the
 * service's own choice: an id the body chose, a created_at a day or more from now, a status or
 * verification_status that is not the spec's known value. The RTP flags are booleans: a service may
 * well assign the value a body sent, so they prove nothing here.
 */
import { isSuccess, sentObject } from '../../http/exchange.js';
import { isRecord } from '../../core/domain/is-record.js';
import type { ExchangeInvariant } from './invariant.js';

const KNOWN = { status: 'active', verification_status: 'verified' } as const;
const DAY_MS = 86_400_000;

function sentOwnValue(member: string, sent: unknown, now: number): boolean {
  if (typeof sent !== 'string' || sent === '') return false;
  if (member === 'created_at') {
    const at = Date.parse(sent);
    return !Number.isNaN(at) && Math.abs(at - now) >= DAY_MS;
  }
  if (member === 'status' || member === 'verification_status') return sent !== KNOWN[member];
  return true;
}

export const serviceAssignedMembers: ExchangeInvariant = {
  inspect(seen, report) {
    const { exchange } = seen;
    if (seen.operation !== 'create' || !isSuccess(exchange) || !isRecord(exchange.json)) return;
    const sent = sentObject(exchange);
    if (sent === undefined) return;
    const now = Date.now();
    for (const member of ['id', 'created_at', 'status', 'verification_status']) {
      if (!sentOwnValue(member, sent[member], now) || exchange.json[member] !== sent[member]) continue;
      report({
        message: `POST /user_banks took ${member} ${JSON.stringify(sent[member])} from the request body: the service assigns it`,
        requirements: ['create_user_bank.response'],
        exchange,
        expected: `the service's own ${member}`,
        actual: `${member} ${JSON.stringify(exchange.json[member])}, as the body sent it`,
      });
    }
  },
};
