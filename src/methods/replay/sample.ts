/**
 * The requests a replay starts from: every distinct read of the caller's the run made (not a sample),
 * plus the four canonical reads.
 */
import type { ExchangeSummary } from '../../http/exchange.js';

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

/** A request's kind: its operation and the names of its query parameters. */
const kindOf = (read: SampledRead): string => `${read.operation}?${Object.keys(read.query).sort().join('&')}`;

/**
 * A request's shape: its operation, its path (a User's id is data the guard must judge) and its query
 * parameters with their values, except a cursor's: a cursor is the server's pointer into the listing
 * its other parameters name, and a walk makes one per page, so one cursor stands for the listing's
 * others (replaying every page of every walk would spend the budget on one listing).
 */
export const shapeOf = (read: SampledRead): string =>
  `${read.path}?${Object.entries(read.query)
    .map(([name, value]) => (name === 'cursor' ? 'cursor' : `${name}=${value}`))
    .sort()
    .join('&')}`;

export function canonicalReads(userIdA: string): SampledRead[] {
  return [
    { operation: 'get_user', path: `/users/${encodeURIComponent(userIdA)}`, query: {} },
    { operation: 'list_user_banks', path: '/user_banks', query: { user_id: userIdA } },
    { operation: 'list_user_banks', path: '/user_banks', query: {} },
    { operation: 'list_rfp_registrations', path: '/rfp_registrations', query: {} },
  ];
}

/**
 * Every read of distinct shape the run made: the caller's 2xx GETs of the spec's paths (another
 * spelling is what the replay adds), and the four canonical reads, so a shard or a short run still
 * replays every read operation. Ordered so that a budget cuts the least: the canonical reads, then the
 * first read of each kind (operation and parameter names) in the order sent, then the other values.
 */
export function distinctReads(log: readonly ExchangeSummary[], baseUrl: string, userIdA: string): SampledRead[] {
  const { oneOfEachKind, otherValues } = readsByKind(log, baseUrl, userIdA);
  return [...oneOfEachKind, ...otherValues];
}

/**
 * `distinctReads`'s order in its two parts: the head (the canonical reads and the first read of each
 * kind, which reads sent later can only extend, never reorder) and the other values.
 */
export function readsByKind(
  log: readonly ExchangeSummary[],
  baseUrl: string,
  userIdA: string,
): { oneOfEachKind: SampledRead[]; otherValues: SampledRead[] } {
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const seen = new Set<string>();
  const reads: SampledRead[] = [];
  const consider = (read: SampledRead): void => {
    if (seen.has(shapeOf(read))) return;
    seen.add(shapeOf(read));
    reads.push(read);
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
  const kinds = new Set<string>();
  const oneOfEachKind = reads.filter((read) => !kinds.has(kindOf(read)) && kinds.add(kindOf(read)) !== undefined);
  return { oneOfEachKind, otherValues: reads.filter((read) => !oneOfEachKind.includes(read)) };
}
