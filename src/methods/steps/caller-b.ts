/**
 * The second caller (--token-b, --user-id-b) of the tenant-isolation checks: whether there is one,
 * and each caller's read of its own User, once per run, the proof that its token and User id work.
 */
import { isSuccess, type Exchange } from '../../http/exchange.js';
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';

export const ENABLE =
  "pass --token-b and --user-id-b (another business's token and one of its Users) to check that one caller never sees or changes another's data";
/** A fail could also come from two tokens of one business; the message says so, the verdict stays (a breach looks the same). */
export const SAME_BUSINESS = " (unless --token-b belongs to the same business as --token: it must be another business's token)";

/** Each caller's read of its own User, once per run: the proof that its token and User id work. */
const ownUserReads = perRun(() => new Map<'a' | 'b', Promise<Exchange>>());
export function readOwnUser(t: Probe, auth: 'a' | 'b', userId: string): Promise<Exchange> {
  const reads = ownUserReads(t.run.client);
  let pending = reads.get(auth);
  if (!pending) {
    pending = t.run.client.send({ path: `/users/${encodeURIComponent(userId)}`, auth });
    reads.set(auth, pending);
  }
  return pending;
}

/** The second caller's User, or why the settings name no second caller. */
export function secondCaller(settings: Probe['settings']): { userId: string } | { missing: string } {
  const { tokenB, userIdB, tokenA, userIdA } = settings;
  if (!tokenB || !userIdB) return { missing: `needs a second caller: ${ENABLE}` };
  if (tokenB === tokenA) return { missing: `--token-b is the same token as --token, so there is no second caller; ${ENABLE}` };
  if (userIdB === userIdA) return { missing: `--user-id-b is the same User as --user-id; ${ENABLE}` };
  return { userId: userIdB };
}

/** Ends the check as skip without a second caller, or inconclusive when B's own read fails. */
export async function requireCallerB(t: Probe): Promise<void> {
  const second = secondCaller(t.settings);
  if ('missing' in second) t.skip(second.missing);
  const own = await readOwnUser(t, 'b', second.userId);
  t.attach(own);
  if (!isSuccess(own)) {
    t.inconclusive(
      `caller B could not read its own user (GET /users/{user-id-b} with --token-b was answered ${own.status}), so a refusal of B proves nothing; check --token-b and --user-id-b`,
    );
  }
}
