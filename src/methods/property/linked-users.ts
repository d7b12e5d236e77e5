/**
 * Users the caller's banks link to, read from the first page of GET /user_banks: more Users to
 * check than the one configured, without any write and without guessing ids.
 */
import type { HttpClient } from '../../http/client.js';
import { envelopeData, isSuccess } from '../../http/exchange.js';

export const MAX_LINKED_USERS = 4;

export async function linkedUserIds(client: HttpClient, configured: string): Promise<string[]> {
  const exchange = await client.send({ path: '/user_banks', query: { limit: 100 } });
  if (!isSuccess(exchange)) return [];
  const ids: string[] = [];
  for (const item of envelopeData(exchange) ?? []) {
    const id = (item as { user_id?: unknown } | null)?.user_id;
    if (typeof id === 'string' && id !== configured && !ids.includes(id)) ids.push(id);
    if (ids.length >= MAX_LINKED_USERS) break;
  }
  return ids;
}
