/**
 * Several Users for one gate (issue 55): the API has no DELETE, so the User a gate writes to gathers
 * every run's User Banks. `--user-id A,B,C` names several Users of the caller; before any check, each
 * one's list is counted (GET /user_banks?user_id=..., pages of 100, side by side, up to COUNT_ITEMS
 * each, and no further than the fewest another User's list ended with: past either a list is only
 * "larger"), and the run writes to the one with the fewest, the first given on a tie. The run says
 * which, and why, in results.json target.userChoice and the summary.
 */
import type { HttpClient } from '../http/client.js';
import { isSuccess } from '../http/exchange.js';
import { WALK_ITEM_BUDGET } from '../core/model/list-sizes.js';
import type { UserChoice, UserCount } from '../results/results.js';

/** Items counted per User at most: a User past this has more than the ones a gate should write to. */
const COUNT_ITEMS = WALK_ITEM_BUDGET;
const PAGE = 100;

/** The given Users' counts and the one the run writes to. */
export async function chooseUser(client: HttpClient, userIds: readonly string[]): Promise<UserChoice> {
  // The fewest a User's list was read to its end with: a count past it can only lose, so it stops there.
  let fewestComplete = Number.POSITIVE_INFINITY;
  const counts = await Promise.all(
    userIds.map(async (userId) => {
      const count = await countBanks(client, userId, () => fewestComplete);
      if (count.complete) fewestComplete = Math.min(fewestComplete, count.banks);
      return count;
    }),
  );
  // A list read to its end is smaller than one that was not; among those, the fewest; the first given on a tie.
  const chosen = [...counts].sort((a, b) => Number(b.complete) - Number(a.complete) || a.banks - b.banks)[0] as UserCount;
  const told = counts.map((c) => `${c.userId} ${c.complete ? c.banks : `more than ${c.banks}`}`).join(', ');
  return {
    chosen: chosen.userId,
    counts,
    sentence: `writes to User ${chosen.userId}, the fewest User Banks of the ${counts.length} given (${told})`,
  };
}

async function countBanks(client: HttpClient, userId: string, fewestComplete: () => number): Promise<UserCount> {
  let banks = 0;
  let cursor: string | undefined;
  for (let page = 0; banks <= COUNT_ITEMS && banks <= fewestComplete() && page <= COUNT_ITEMS / PAGE + 1; page += 1) {
    const exchange = await client
      .send({ path: '/user_banks', query: { user_id: userId, limit: PAGE, ...(cursor !== undefined ? { cursor } : {}) }, auth: 'a' })
      .catch(() => undefined);
    const body = exchange !== undefined && isSuccess(exchange) ? (exchange.json as { data?: unknown; next_cursor?: unknown }) : undefined;
    if (body === undefined || body === null || !Array.isArray(body.data)) return { userId, banks, complete: false };
    banks += body.data.length;
    if (body.next_cursor === null) return { userId, banks, complete: true };
    if (typeof body.next_cursor !== 'string') return { userId, banks, complete: false };
    cursor = body.next_cursor;
  }
  return { userId, banks, complete: false };
}
