/**
 * An answered exchange as the run's client hands it to its judges, for tests of a judge without a
 * server: a JSON answer with its text beside it, numbered in order across the test file.
 */
import type { Exchange } from '../../src/http/exchange.js';

export const TEST_BASE = 'http://127.0.0.1:1/v1';

let seq = 0;

export function answered(
  method: string,
  path: string,
  status: number,
  json: unknown,
  request: { headers?: Record<string, string>; body?: unknown } = {},
): Exchange {
  return {
    seq: (seq += 1),
    request: {
      method,
      url: `${TEST_BASE}${path}`,
      headers: request.headers ?? { authorization: 'Bearer tok-a' },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
    },
    status,
    headers: { 'content-type': 'application/json' },
    bodyText: JSON.stringify(json),
    json,
    durationMs: 1,
    throttledRetries: 0,
  };
}
