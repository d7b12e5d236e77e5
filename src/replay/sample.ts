/**
 * The requests a replay starts from: the caller's own successful reads of the run (every operation and
 * every combination of query parameters the checks used), one per shape, plus the four canonical
 * reads, so a shard or a short run still replays every read operation.
 */
import type { ExchangeSummary } from '../http/exchange.js';

export type ReadOperation = 'list_user_banks' | 'list_rfp_registrations' | 'get_user';

export interface SampledRead {
  operation: ReadOperation;
  /** Below the base URL, escaped as sent. */
  path: string;
  query: Record<string, string>;
}

export function operationOf(path: string): ReadOperation | undefined {
  if (path === '/user_banks') return 'list_user_banks';
  if (path === '/rfp_registrations') return 'list_rfp_registrations';
  if (/^\/users\/[^/]+$/.test(path)) return 'get_user';
  return undefined;
}

/** A request's shape: its operation and the names of its query parameters (values differ run to run). */
const shapeOf = (read: SampledRead): string => `${read.operation}?${Object.keys(read.query).sort().join('&')}`;

export function canonicalReads(userIdA: string): SampledRead[] {
  return [
    { operation: 'get_user', path: `/users/${encodeURIComponent(userIdA)}`, query: {} },
    { operation: 'list_user_banks', path: '/user_banks', query: { user_id: userIdA } },
    { operation: 'list_user_banks', path: '/user_banks', query: {} },
    { operation: 'list_rfp_registrations', path: '/rfp_registrations', query: {} },
  ];
}

/**
 * Up to `max` reads of distinct shapes: the canonical ones first, then the caller's 2xx GETs of the
 * run in the order sent. Only the spec's own paths (another spelling is what the replay adds).
 */
export function sampleReads(log: readonly ExchangeSummary[], baseUrl: string, userIdA: string, max: number): SampledRead[] {
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const picked = new Map<string, SampledRead>();
  const consider = (read: SampledRead): void => {
    if (picked.size < max && !picked.has(shapeOf(read))) picked.set(shapeOf(read), read);
  };
  for (const read of canonicalReads(userIdA)) consider(read);
  for (const entry of log) {
    if (entry.method !== 'GET' || entry.auth !== 'a' || entry.status < 200 || entry.status > 299) continue;
    const url = new URL(entry.url);
    if (!url.pathname.startsWith(basePath)) continue;
    const path = url.pathname.slice(basePath.length);
    const operation = operationOf(path);
    if (operation === undefined) continue;
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = value;
    consider({ operation, path, query });
  }
  return [...picked.values()];
}
