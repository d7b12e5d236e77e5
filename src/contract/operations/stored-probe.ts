/**
 * Whether a POST that got no usable answer (a transient 5xx, a reset connection) was stored anyway:
 * the only write of the spec is POST /user_banks, and what it stores is listed under its User. The
 * probe lists that User's banks for one carrying the body's account number that the run was never
 * answered with, once at once and, when none is there yet, once more after the settle window (the
 * replica lag the run was told to trust); a look whose listing fails (a busy target throttles the
 * probe too) is made again after a pause. Only a write proven not stored may be sent again.
 */
import { isRecord } from '../../core/domain/is-record.js';
import type { ExchangeRequest } from '../../http/exchange.js';
import type { HttpClient } from '../../http/client.js';
import type { StoredVerdict } from '../../http/resend-safety.js';
import { sleep } from '../../http/throttle.js';

/** Pages of a probe's listing at most (100 items each): a User with more banks than this is not probed to its end. */
const MAX_PROBE_PAGES = 50;

/** Looks at a listing that failed (throttled past its retries, refused, timed out) at most this many times in all. */
const LOOKS_WHILE_FAILING = 3;
/** The pause before the second look at a failing listing; doubled before each further one. */
const FIRST_PAUSE_MS = 500;

export interface StoredProbeOptions {
  /** The User whose banks a body without a usable user_id would have been stored under. */
  defaultUserId: string;
  settleMs: number;
  /** The pause before looking again at a failing listing (FIRST_PAUSE_MS when absent). */
  firstPauseMs?: number;
}

/** A look that could not read the listing: worth another after a pause, unlike a User too large to list. */
type Look = StoredVerdict | { stored: 'unknown'; why: string; listingFailed: true };

export function makeStoredProbe(client: HttpClient, options: StoredProbeOptions) {
  /** Users found too large to list: their lists only grow, so they are not listed again in the run. */
  const tooLarge = new Map<string, StoredVerdict>();
  return async (request: ExchangeRequest, answeredAt: number): Promise<StoredVerdict> => {
    const body = parsedBody(request.body);
    const userId = typeof body?.user_id === 'string' && body.user_id !== '' ? body.user_id : options.defaultUserId;
    const accountNumber = typeof body?.account_number === 'string' ? body.account_number : '';
    const known = tooLarge.get(userId);
    if (known !== undefined) return known;
    // A busy target refuses or throttles the probe's own listing now and then: a write proven
    // neither way keeps its refusal as the answer the checks judge, so a failed look is tried again.
    const look = async (): Promise<StoredVerdict> => {
      let verdict: Look = await findStored(client, userId, accountNumber);
      let pause = options.firstPauseMs ?? FIRST_PAUSE_MS;
      for (let looks = 1; looks < LOOKS_WHILE_FAILING && 'listingFailed' in verdict; looks += 1, pause *= 2) {
        await sleep(pause);
        verdict = await findStored(client, userId, accountNumber);
      }
      return 'listingFailed' in verdict ? { stored: 'unknown', why: verdict.why } : verdict;
    };
    const first = await look();
    if (first.stored === 'unknown' && first.pastReach === true) tooLarge.set(userId, first);
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

async function findStored(client: HttpClient, userId: string, accountNumber: string): Promise<Look> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PROBE_PAGES; page += 1) {
    let exchange;
    try {
      exchange = await client.send({ path: '/user_banks', query: { user_id: userId, limit: 100, cursor } });
    } catch (error) {
      return { stored: 'unknown', why: `listing the User's banks failed: ${(error as Error).message}`, listingFailed: true };
    }
    const body = exchange.json;
    if (exchange.status !== 200 || !isRecord(body) || !Array.isArray(body.data)) {
      return { stored: 'unknown', why: `listing the User's banks was answered ${exchange.status}`, listingFailed: true };
    }
    for (const item of body.data) {
      if (!isRecord(item) || typeof item.id !== 'string' || client.createdIds.has(item.id)) continue;
      const number = typeof item.account_number === 'string' ? item.account_number : '';
      if (number === accountNumber) return { stored: true, id: item.id };
    }
    if (typeof body.next_cursor !== 'string' || body.next_cursor === '') return { stored: false };
    cursor = body.next_cursor;
  }
  return { stored: 'unknown', why: `the User holds more than ${MAX_PROBE_PAGES * 100} banks, past what the probe lists`, pastReach: true };
}
