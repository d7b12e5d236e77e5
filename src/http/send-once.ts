/**
 * The client's core: one request sent, bounded in time (--timeout) and in the size of its answer
 * (--max-body-bytes), a redirect never followed (undici's request does not follow one, so the
 * Authorization header never reaches another origin), and its answer handed back as an Exchange,
 * its JSON parsed. It numbers nothing, retries nothing and judges nothing: the policies do
 * (pipeline.ts). Writes go out on connections of their own (`own`), each closed after its answer,
 * so they never meet a pooled connection the server dropped while it was idle.
 */
import { request, errors as undiciErrors, type Dispatcher } from 'undici';
import { HttpError } from './errors.js';
import type { Exchange, ExchangeRequest } from './exchange.js';
import type { Outgoing, Send } from './pipeline.js';
import type { RequestOptions } from './request-options.js';
import { isTlsFailure, tlsFailureSentence } from './tls-trust.js';
import { isIdempotent } from './transient.js';

export interface CoreOptions {
  baseUrl: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** The pooled connections (reads), and the connections of their own (writes, resends). */
  dispatchers: { pooled: Dispatcher; own: Dispatcher };
}

/** The URL of `path` below the base URL, every query name and value percent-encoded. */
export function urlOf(baseUrl: string, path: string, query?: RequestOptions['query']): string {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  // Every name and value percent-encoded as RFC 3986 3.4 requires (a space is %20, not the form's '+'),
  // so an opaque value such as a cursor holding & # % / ? + = or a space reaches the server as received.
  const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
  const search = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&');
  return new URL(base.origin + basePath + path).toString() + (search === '' ? '' : `?${search}`);
}

/** The body a request sends: its JSON value serialised, or its raw body. */
export const bodyOf = (options: Pick<RequestOptions, 'json' | 'rawBody'>): string | undefined =>
  options.json !== undefined ? JSON.stringify(options.json) : options.rawBody;

export function sendOnce(options: CoreOptions): Send {
  return async (out: Outgoing): Promise<Exchange> => {
    const { method } = out;
    const url = urlOf(options.baseUrl, out.path, out.query);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries({ accept: 'application/json', ...(out.headers ?? {}) }))
      if (value !== null) headers[name] = value;
    if (out.authorization !== undefined) headers.authorization = out.authorization;
    const body = bodyOf(out);
    if (out.json !== undefined) headers['content-type'] ??= 'application/json';
    const req: ExchangeRequest = { method, url, headers, ...(body !== undefined ? { body } : {}) };
    const startedAt = Date.now();
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      const ownConnection = out.ownConnection === true || !isIdempotent(method);
      const res = await request(url, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: ownConnection ? options.dispatchers.own : options.dispatchers.pooled,
        reset: ownConnection,
        signal: controller.signal,
      });
      const { text: bodyText, bytes: bodyBytes } = await readCapped(res.body, options.maxBodyBytes, method, url);
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      const exchange: Exchange = {
        seq: 0, // numbered by the recording (policies/record.ts) as it comes back
        request: req,
        status: res.statusCode,
        headers: responseHeaders,
        bodyText,
        json: undefined,
        durationMs: Math.round(performance.now() - started),
        throttledRetries: out.tries.throttled,
        startedAt,
        bodyBytes,
      };
      if (bodyText.length > 0) {
        try {
          exchange.json = JSON.parse(bodyText);
        } catch (error) {
          exchange.jsonError = (error as Error).message;
        }
      }
      return exchange;
    } catch (error) {
      throw translate(error, method, url, controller.signal.aborted, options.timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** Bytes of the answer as they come, refused past the cap (the body is destroyed, not read to its end). */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  cap: number,
  method: string,
  url: string,
): Promise<{ text: string; bytes: number }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > cap) {
      body.destroy();
      throw new HttpError('BODY_TOO_LARGE', `the answer to ${method} ${pathOf(url)} went past the ${cap}-byte body cap`);
    }
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks, size).toString('utf8'), bytes: size };
}

function translate(error: unknown, method: string, url: string, aborted: boolean, timeoutMs: number): Error {
  if (error instanceof HttpError) return error;
  if (
    aborted ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new HttpError('TIMEOUT', `no complete answer to ${method} ${pathOf(url)} within ${timeoutMs} ms`);
  }
  return failureOf(error, method, url);
}

/**
 * An error met sending `method url`, or handling its answer (a policy's after the answer came), as
 * the HttpError a check reads: itself when it is one, else TLS or CONNECTION.
 */
export function failureOf(error: unknown, method: string, url: string): Error {
  if (error instanceof HttpError) return error;
  const where = `${method} ${pathOf(url)}`;
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if (isTlsFailure(code)) return new HttpError('TLS', `${where} failed: ${tlsFailureSentence(code, url) ?? code}`);
  return new HttpError('CONNECTION', `${where} failed: ${code ?? (error as Error).message}`);
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}
