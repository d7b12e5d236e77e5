/**
 * What the HTTP client is told of the Bank Linking API (src/http/api-knowledge.ts): the spec's one
 * operation that creates is POST /user_banks (a User Bank); any method but GET and HEAD is a write;
 * POST and PUT (an upsert) could create, PATCH and DELETE cannot. Kept here, with the contract,
 * so the client names no path of the spec.
 */
import type { ApiKnowledge, OperationRequest } from '../../http/api-knowledge.js';
import { sentObject, type Exchange } from '../../http/exchange.js';

/** The created User Bank's id, a placeholder when the answer carried none, or undefined when nothing was created. */
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

/**
 * The User a created User Bank belongs to: the user_id the answer says (what the target stored),
 * else the one the request sent; undefined when neither names one. For the clean-up list (created.json).
 */
export function createdUserIdOf(exchange: Exchange): string | undefined {
  const answered = (exchange.json as { user_id?: unknown } | undefined)?.user_id;
  if (typeof answered === 'string' || typeof answered === 'number') return String(answered);
  const sent = sentObject(exchange)?.user_id;
  return typeof sent === 'string' || typeof sent === 'number' ? String(sent) : undefined;
}

export const bankLinkingApi: ApiKnowledge = {
  isWrite: ({ method }: OperationRequest) => method !== 'GET' && method !== 'HEAD',
  // A body that cannot describe a resource is sent even once the budget is spent: nothing can be created from it.
  mayCreate: ({ method, describesNoResource }: OperationRequest) => (method === 'POST' || method === 'PUT') && describesNoResource !== true,
  // The spec's only write that is not idempotent; any other POST defines no write to double.
  resendMayDouble: ({ method, path }: OperationRequest) => method === 'POST' && path === '/user_banks',
  createdIdOf,
  // The caller's own registrations: no path parameter or query that could make the 401 the request's own.
  tokenRead: { path: '/rfp_registrations' },
};
