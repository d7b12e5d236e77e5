/**
 * Whether a POST that got no usable answer (a transient 5xx, a reset connection) was stored anyway:
 * the only write of the spec is POST /user_banks, and what it stores is listed under its User. The
 * probe lists that User's banks for one carrying the body's account number that the run was never
 * answered with, once at once and, when none is there yet, once more after the settle window (the
 * replica lag the run was told to trust). Only a write proven not stored may be sent again.
 */
import { isRecord } from '../../core/domain/is-record.js';
import type { ExchangeRequest } from '../../http/exchange.js';
import type { HttpClient } from '../../http/client.js';
import type { StoredVerdict } from '../../http/resend-safety.js';
import { sleep } from '../../http/throttle.js';

/** Pages of a probe's listing at most (100 items each): a User with more banks than this is not probed to its end. */
const MAX_PROBE_PAGES = 50;

export interface StoredProbeOptions {
  /** The User whose banks a body without a usable user_id would have been stored under. */
  defaultUserId: string;
  settleMs: number;
}

export function makeStoredProbe(client: HttpClient, options: StoredProbeOptions) {
  return async (request: ExchangeRequest, answeredAt: number): Promise<StoredVerdict> => {
    const body = parsedBody(request.body);
    const userId = typeof body?.user_id === 'string' && body.user_id !== '' ? body.user_id : options.defaultUserId;
    const accountNumber = typeof body?.account_number === 'string' ? body.account_number : '';
    const look = () => findStored(client, userId, accountNumber);
    const first = await look();
    if (first.stored !== false) return first;
    const left = answeredAt + options.settleMs - Date.now();
    if (left > 0) await sleep(left);
    return left > 0 ? look() : first;
  };
}

function parsedBody(body: string | undefined): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

async function findStored(client: HttpClient, userId: string, accountNumber: string): Promise<StoredVerdict> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PROBE_PAGES; page += 1) {
    let exchange;
    try {
      exchange = await client.send({ path: '/user_banks', query: { user_id: userId, limit: 100, cursor } });
    } catch (error) {
      return { stored: 'unknown', why: `listing the User's banks failed: ${(error as Error).message}` };
    }
    const body = exchange.json;
    if (exchange.status !== 200 || !isRecord(body) || !Array.isArray(body.data)) {
      return { stored: 'unknown', why: `listing the User's banks was answered ${exchange.status}` };
    }
    for (const item of body.data) {
      if (!isRecord(item) || typeof item.id !== 'string' || client.createdIds.has(item.id)) continue;
      const number = typeof item.account_number === 'string' ? item.account_number : '';
      if (number === accountNumber) return { stored: true, id: item.id };
    }
    if (typeof body.next_cursor !== 'string' || body.next_cursor === '') return { stored: false };
    cursor = body.next_cursor;
  }
  return { stored: 'unknown', why: `the User holds more than ${MAX_PROBE_PAGES * 100} banks, past what the probe lists` };
}
