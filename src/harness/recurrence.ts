/**
 * How often the run sent each request, and how many of those answers a run-wide judge found at fault:
 * a defect that shows on 5 of 15 identical reads (one replica of three on an old build, a cache that
 * serves a stale copy) is intermittent, and a certificate says "5 of 15", not a bare "failed" that the
 * next reader cannot reproduce on the first try.
 *
 * Identical means the same method, URL, credentials and body: what a replay of the curl line sends.
 */
import type { Recurrence } from '../contract/checks/types.js';
import type { Exchange } from '../http/exchange.js';

const requestOf = (exchange: Exchange): string => {
  const { method, url, headers, body } = exchange.request;
  const authorization = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? '';
  return `${method} ${url}\n${authorization}\n${body ?? ''}`;
};

export class RequestRecurrence {
  private readonly sent = new Map<string, number>();
  private readonly shown = new Map<string, number>();

  /** Every exchange of the run, as it arrives. */
  count(exchange: Exchange): void {
    const request = requestOf(exchange);
    this.sent.set(request, (this.sent.get(request) ?? 0) + 1);
  }

  /** A judge (a run-wide check's id) found `message` on this exchange's answer. */
  found(judge: string, exchange: Exchange, message: string): void {
    const key = `${judge}\n${message}\n${requestOf(exchange)}`;
    this.shown.set(key, (this.shown.get(key) ?? 0) + 1);
  }

  /** How often the finding recurred on the identical requests; undefined for a request the run sent once. */
  of(judge: string, exchange: Exchange, message: string): Recurrence | undefined {
    const request = requestOf(exchange);
    const sent = this.sent.get(request) ?? 0;
    if (sent < 2) return undefined;
    const times = this.shown.get(`${judge}\n${message}\n${request}`) ?? 0;
    return { times: Math.max(1, Math.min(times, sent)), sent };
  }
}
