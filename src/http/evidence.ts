/**
 * The printable view of an exchange: secrets replaced, personal data masked, bodies cut to a
 * readable length, and a curl line that replays it.
 */
import { toCurl } from './curl.js';
import type { Exchange } from './exchange.js';
import type { Redactor } from './redact.js';

export interface ExchangeEvidence {
  seq: number;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
  durationMs: number;
  curl: string;
}

const BODY_EXCERPT = 2_000;
const KEPT_RESPONSE_HEADERS = ['content-type', 'www-authenticate', 'location', 'retry-after'];

const excerpt = (text: string): string => (text.length > BODY_EXCERPT ? `${text.slice(0, BODY_EXCERPT)}… [${text.length} chars]` : text);

export function toEvidence(exchange: Exchange, redactor: Redactor): ExchangeEvidence {
  const requestHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    requestHeaders[name] = name.toLowerCase() === 'authorization' ? redactor.authorization(value) : redactor.text(value);
  }
  const responseHeaders: Record<string, string> = {};
  for (const name of KEPT_RESPONSE_HEADERS) {
    const value = exchange.headers[name];
    if (value !== undefined) responseHeaders[name] = redactor.text(value);
  }
  const url = redactor.url(exchange.request.url);
  const requestBody = exchange.request.body === undefined ? undefined : redactor.text(exchange.request.body);
  return {
    seq: exchange.seq,
    method: exchange.request.method,
    url,
    requestHeaders,
    ...(requestBody !== undefined ? { requestBody: excerpt(requestBody) } : {}),
    status: exchange.status,
    responseHeaders,
    responseBody: excerpt(redactor.body(exchange.bodyText)),
    durationMs: exchange.durationMs,
    curl: toCurl({
      method: exchange.request.method,
      url,
      headers: requestHeaders,
      ...(requestBody !== undefined ? { body: requestBody } : {}),
    }),
  };
}
