/** Which exchanges created a resource on the target: a 2xx answer to POST /user_banks. */
import type { Exchange } from './exchange.js';

/** The created resource's id, a placeholder when the answer carried none, or undefined when nothing was created. */
export function createdIdOf(exchange: Exchange): string | undefined {
  const created =
    exchange.request.method === 'POST' &&
    exchange.status >= 200 &&
    exchange.status < 300 &&
    new URL(exchange.request.url).pathname.endsWith('/user_banks');
  if (!created) return undefined;
  const id = (exchange.json as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : `(no id in the answer to POST #${exchange.seq})`;
}
