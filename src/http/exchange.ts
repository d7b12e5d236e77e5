import { isRecord } from '../core/domain/is-record.js';

/** One request and its answer, kept raw in memory; evidence.ts makes the redacted view that is printed. */
export interface ExchangeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Exchange {
  /** Order of the exchange in this worker's run. */
  seq: number;
  request: ExchangeRequest;
  status: number;
  headers: Record<string, string>;
  bodyText: string;
  /** The parsed body; undefined when the body is empty or is not JSON (see jsonError). */
  json: unknown;
  jsonError?: string;
  durationMs: number;
  /** How many 429 answers were waited out before this one. */
  throttledRetries: number;
  /** When the request was sent (Date.now()); the HAR's startedDateTime. */
  startedAt?: number;
  /** A 401 to a token that had worked: a new token was obtained and the request sent again (its answer is the next exchange). */
  tokenRefreshed?: true;
  /** A 401 to a token the token command issued during the run, within its told lifetime, that no answer had accepted yet. */
  freshTokenRefused?: true;
  /** A 401 to a token given as a string that had worked and that a plain read then refused too: the token's end, not an answer (token-source.ts). */
  tokenExpired?: true;
  /** The answer's body size in bytes as it came (the exchange log's bodyBytes); absent on an exchange not made by the client. */
  bodyBytes?: number;
}

export const isSuccess = (exchange: { status: number }): boolean => exchange.status >= 200 && exchange.status < 300;
export const isClientError = (exchange: Exchange): boolean => exchange.status >= 400 && exchange.status < 500;
export const isServerError = (exchange: Exchange): boolean => exchange.status >= 500 && exchange.status < 600;

/** Items of a list envelope, or undefined when the body is not one. */
export function envelopeData(exchange: Exchange): unknown[] | undefined {
  const body = exchange.json as { data?: unknown } | undefined;
  return body && typeof body === 'object' && Array.isArray(body.data) ? body.data : undefined;
}

/** The JSON object the request sent as its body, or undefined when the body is absent, not JSON or not an object. */
export function sentObject(exchange: Exchange): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(exchange.request.body ?? '');
    return isRecord(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** What the run keeps of every exchange: no bodies, so the log stays small on long walks. */
export interface ExchangeSummary {
  seq: number;
  method: string;
  /** Raw URL; redact before printing. */
  url: string;
  status: number;
  contentType: string | undefined;
  bodyBytes: number;
  jsonParses: boolean;
  /** Whose credentials it carried: the caller's ('a'), the second caller's ('b'), none, or other (a crafted header). */
  auth: 'a' | 'b' | 'none' | 'other';
  /** A transient refusal (502, 503, 504) the client sent again: the retry's answer is the one the checks saw. */
  resent?: true;
  /** A transient refusal that persisted while no other request was served: the target was unavailable, not answering this request (availability.ts). */
  unavailable?: true;
  /** A 401 to an expired token: a new token was obtained and the request sent again. */
  tokenRefreshed?: true;
}
