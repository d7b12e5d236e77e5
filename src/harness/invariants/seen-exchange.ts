/**
 * One exchange as every invariant reads it, parsed once: which operation of the spec it asked
 * (spelled as the spec spells it under the base URL, or none), whose credentials it carried, and its
 * query as the server's parser would read it.
 */
import { envelopeData, isSuccess, type Exchange } from '../../http/exchange.js';

export type Operation = 'create' | 'list-banks' | 'list-rfps' | 'user';

/** The query parameters 4.2 gives GET /user_banks. */
export const LIST_BANKS_PARAMETERS: ReadonlySet<string> = new Set(['cursor', 'limit', 'status', 'user_id']);

/** Whose credentials a request carried: a caller's token, none, another scheme, or a token of nobody. */
export type Caller = 'a' | 'b' | 'none' | 'other-scheme' | 'unknown-token';

export interface SeenExchange {
  exchange: Exchange;
  operation: Operation | undefined;
  caller: Caller;
  /** Each query parameter with every value it was given, decoded. */
  query: Map<string, string[]>;
  /** The decoded {user_id} of GET /users/{user_id}. */
  userIdInPath?: string;
}

/** Every token each caller was given in the run (a token command gives a new one as the last expires). */
export interface Callers {
  tokensA: ReadonlySet<string>;
  tokensB: ReadonlySet<string>;
}

export function callerOf(authorization: string | undefined, callers: Callers): Caller {
  if (authorization === undefined) return 'none';
  const match = /^(\S+)\s+(.*)$/.exec(authorization.trim());
  if (match === null || (match[1] as string).toLowerCase() !== 'bearer') return 'other-scheme';
  const token = (match[2] as string).trim();
  if (callers.tokensA.has(token)) return 'a';
  if (callers.tokensB.has(token)) return 'b';
  return 'unknown-token';
}

export function headerOf(headers: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

export function seeExchange(exchange: Exchange, callers: Callers, basePath: string): SeenExchange {
  const url = new URL(exchange.request.url);
  const caller = callerOf(headerOf(exchange.request.headers, 'authorization'), callers);
  const query = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) query.set(name, [...(query.get(name) ?? []), value]);
  return { exchange, caller, query, ...operationOf(exchange.request.method, url, basePath) };
}

/**
 * The operation of the spec a request asks, spelled as the spec spells it under the base URL (another
 * spelling is the replay's to judge), with the decoded {user_id} of GET /users/{user_id}.
 */
export function operationOf(method: string, url: URL, basePath: string): { operation: Operation | undefined; userIdInPath?: string } {
  if (!url.pathname.startsWith(basePath)) return { operation: undefined };
  const path = url.pathname.slice(basePath.length);
  if (path === '/user_banks' && method === 'POST') return { operation: 'create' };
  if (path === '/user_banks' && method === 'GET') return { operation: 'list-banks' };
  if (path === '/rfp_registrations' && method === 'GET') return { operation: 'list-rfps' };
  const user = method === 'GET' ? /^\/users\/([^/]+)$/.exec(path) : null;
  if (user === null) return { operation: undefined };
  try {
    return { operation: 'user', userIdInPath: decodeURIComponent(user[1] as string) };
  } catch {
    // A malformed percent-encoding names no User, but the request still reached the operation.
    return { operation: 'user' };
  }
}

/** The one value of a query parameter given exactly once, or undefined. */
export function single(seen: SeenExchange, name: string): string | undefined {
  const values = seen.query.get(name);
  return values !== undefined && values.length === 1 ? values[0] : undefined;
}

/** The items of a list envelope answered with a 2xx, or undefined. */
export function itemsOf(seen: SeenExchange): unknown[] | undefined {
  return isSuccess(seen.exchange) ? envelopeData(seen.exchange) : undefined;
}
