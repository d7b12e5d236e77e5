/**
 * The one HTTP client every check uses. It bounds every request (time, body size), never follows a
 * redirect (so the Authorization header never reaches another origin), waits out 429s within a
 * shared budget, spaces requests under --rate-limit, enforces --read-only and --max-writes before a
 * byte is sent, and keeps every exchange raw in memory for the evidence.
 */
import { request, errors as undiciErrors, type Dispatcher } from 'undici';
import { WriteBudget } from './budget.js';
import { currentSender } from './sender.js';
import type { ApiKnowledge } from './api-knowledge.js';
import { makeDispatcher } from './dispatcher.js';
import { HttpError } from './errors.js';
import type { Exchange, ExchangeRequest, ExchangeSummary } from './exchange.js';
import { AdaptiveThrottle, type ThrottleStats } from './adaptive-throttle.js';
import { parseRetryAfter, sleep } from './throttle.js';
import { isIdempotent, isTransientRefusal, transientDelayMs } from './transient.js';
import { isTlsFailure, tlsFailureSentence } from './tls-trust.js';
import { TokenCommandError } from './token-command.js';
import { TokenSource } from './token-source.js';

/** Whether a write that got no usable answer was stored after all (src/contract/operations/stored-probe.ts finds out). */
export type StoredVerdict = { stored: false } | { stored: true; id: string } | { stored: 'unknown'; why: string };

export type AuthChoice =
  | 'a' // the caller's token (--token)
  | 'b' // the second caller's token (--token-b)
  | 'none' // no Authorization header at all
  | { header: string } // an exact Authorization header value (auth checks)
  | { scheme: string; caller: 'a' }; // the caller's current token after another spelling of the scheme ("bearer")

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Path below the base URL, starting with '/'. Segments must already be escaped. */
  path: string;
  query?: Record<string, string | number | undefined>;
  auth?: AuthChoice;
  headers?: Record<string, string>;
  /** A JSON value sent as the body with Content-Type: application/json. */
  json?: unknown;
  /** A raw body, sent as is (malformed JSON, wrong content types). */
  rawBody?: string;
  /**
   * The body cannot describe a resource (not a JSON object, or an object with none of its members):
   * sent even once the write budget is spent, since nothing can be created from it; a server that
   * creates something anyway has the write counted all the same.
   */
  describesNoResource?: boolean;
  /** Why a resource this request creates was created, for the footprint ("accepted with an extra member (allowed)"). */
  purpose?: string;
}

export interface HttpClientOptions {
  baseUrl: string;
  /** What the API says of a request: a write, may create, a resend may double; what an answer created (src/contract/operations/). */
  api: ApiKnowledge;
  tokenA: string;
  tokenB?: string;
  timeoutMs: number;
  maxBodyBytes: number;
  concurrency: number;
  rateLimit: number;
  readOnly: boolean;
  maxWrites: number;
  /** Longest single Retry-After honoured; a longer one makes the request THROTTLED at once. */
  maxRetryAfterMs: number;
  /** 429 retries per request. */
  maxThrottleRetries: number;
  /** Resends per request of a transient refusal (502, 503, 504) when resending is safe; default 3. */
  maxTransientRetries?: number;
  /** Wall-clock time the whole client may stand paused for 429s, so a target that throttles forever cannot hang the run. */
  throttleBudgetMs: number;
  /** PEM of private CA certificates trusted besides the default roots (--ca-cert). */
  caPem?: string;
  /** Told of every exchange as it completes (the run's redactor learns personal data from it). */
  onExchange?: (exchange: Exchange) => void;
  /** Where each caller's token comes from when it is not the fixed tokenA/tokenB (--token-command): refreshed as it expires. */
  tokenSources?: { a?: TokenSource; b?: TokenSource };
  /** The seq of the first exchange, less one: a run's clients number their exchanges as one sequence (the preflight's come first). */
  seqFrom?: number;
}

/** The token an exchange was sent with, and whose it is, so its answer can tell the token worked or expired. */
interface SentWith {
  source: TokenSource;
  token: string;
}

export class HttpClient {
  readonly budget: WriteBudget;
  /** A small line per exchange of the run (no bodies), for the run-wide HTTP checks. */
  readonly log: ExchangeSummary[] = [];
  /** Whole exchanges the run-wide checks may fail on (a 5xx, a 2xx whose body is not JSON), the first NOTABLE_KEPT, so their findings carry a replay. */
  readonly notable: Exchange[] = [];
  private readonly agent: Dispatcher;
  private readonly throttle: AdaptiveThrottle;
  private readonly base: URL;
  /** Ids of resources created (api.createdIdOf), not yet handed to a check's result. */
  private undrainedCreated: { id: string; by: string | undefined; purpose?: string }[] = [];
  /** Checks whose result has taken its created ids. */
  private readonly endedSenders = new Set<string>();
  /** Every id this run created (api.createdIdOf): a late-listed creation of ours is never taken for a refused write's. */
  readonly createdIds = new Set<string>();
  /** When the run's latest write ended (Date.now(); 0 before any): absence proofs wait out the settle window from it. */
  lastWriteEndedAt = 0;
  private seq: number;
  private readonly tokens: { a: TokenSource; b?: TokenSource };
  /** Writes (and resends after a dropped connection) go out on connections of their own, each closed after its answer: they never meet a pooled connection the server dropped while it was idle. */
  private readonly writeAgent: Dispatcher;
  /** Finds out whether a POST that got no usable answer was stored anyway (src/contract/operations/stored-probe.ts); set by the run. */
  storedProbe?: (request: ExchangeRequest, answeredAt: number) => Promise<StoredVerdict>;
  /** Transient refusals and dropped connections the client recovered from, or could not, for the report. */
  readonly recoveries: TransientStats = { retried: {}, persisted: {}, connectionResends: 0, storedDespiteRefusal: 0 };
  /** Answers that were refused but whose write was stored anyway (found by the probe): their budget slot stays spent. */
  private readonly storedDespite = new WeakSet<Exchange>();

  constructor(readonly options: HttpClientOptions) {
    this.base = new URL(options.baseUrl);
    this.seq = options.seqFrom ?? 0;
    this.tokens = {
      a: options.tokenSources?.a ?? new TokenSource({ token: options.tokenA }, undefined),
      ...(options.tokenSources?.b !== undefined
        ? { b: options.tokenSources.b }
        : options.tokenB !== undefined
          ? { b: new TokenSource({ token: options.tokenB }, undefined) }
          : {}),
    };
    this.budget = new WriteBudget(options.maxWrites);
    this.throttle = new AdaptiveThrottle(options.rateLimit, options.throttleBudgetMs);
    const pool = {
      connections: options.concurrency,
      timeoutMs: options.timeoutMs,
      ...(options.caPem !== undefined ? { caPem: options.caPem } : {}),
    };
    this.agent = makeDispatcher(pool);
    this.writeAgent = makeDispatcher(pool);
  }

  url(path: string, query?: RequestOptions['query']): string {
    const basePath = this.base.pathname.replace(/\/+$/, '');
    // Every name and value percent-encoded as RFC 3986 3.4 requires (a space is %20, not the form's '+'),
    // so an opaque value such as a cursor holding & # % / ? + = or a space reaches the server as received.
    const pairs = Object.entries(query ?? {}).filter(([, value]) => value !== undefined);
    const search = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&');
    return new URL(this.base.origin + basePath + path).toString() + (search === '' ? '' : `?${search}`);
  }

  /** The Authorization header for `auth`, and the token source it came from (a caller's own token only). */
  private async authorizationFor(auth: AuthChoice): Promise<{ header?: string; sentWith?: SentWith }> {
    if (auth === 'none') return {};
    if (typeof auth === 'object' && 'header' in auth) return { header: auth.header };
    const caller = typeof auth === 'object' ? auth.caller : auth;
    const source = caller === 'a' ? this.tokens.a : this.tokens.b;
    if (source === undefined) throw new Error('a check asked for the second token without checking it is configured');
    let token: string;
    try {
      token = await source.current();
    } catch (error) {
      throw tokenCommandFailure(error);
    }
    const scheme = typeof auth === 'object' ? auth.scheme : 'Bearer';
    // Another spelling of the scheme also carries the caller's token: a 401 to it may be an expiry too,
    // and the answer with a fresh token is the one that says whether the spelling is accepted.
    return { header: `${scheme} ${token}`, sentWith: { source, token } };
  }

  /** Times each caller's token command was run again during the run (absent: no command, or never). */
  tokenRefreshes(): { a: number; b: number } | undefined {
    const a = this.tokens.a.refreshes;
    const b = this.tokens.b?.refreshes ?? 0;
    return a + b > 0 ? { a, b } : undefined;
  }

  async send(options: RequestOptions): Promise<Exchange> {
    const method = options.method ?? 'GET';
    const asked = {
      method,
      path: options.path,
      ...(options.describesNoResource !== undefined ? { describesNoResource: options.describesNoResource } : {}),
    };
    const isWrite = this.options.api.isWrite(asked);
    if (isWrite && this.options.readOnly) {
      throw new HttpError('READ_ONLY', `${method} ${options.path} not sent: --read-only forbids writes`);
    }
    const mayCreate = this.options.api.mayCreate(asked);
    if (mayCreate && !(await this.budget.reserve())) {
      throw new HttpError(
        'WRITE_BUDGET',
        `${method} ${options.path} not sent: the write budget (--max-writes ${this.options.maxWrites}) is spent`,
      );
    }
    let exchange: Exchange | undefined;
    try {
      exchange = await this.sendWithRetries(method, options);
      return exchange;
    } finally {
      // A refused write created nothing, so its slot goes back; a write with no answer (a time-out)
      // may have been created, so its slot stays spent.
      if (mayCreate)
        this.budget.settle(exchange === undefined || (exchange.status >= 200 && exchange.status < 300) || this.storedDespite.has(exchange));
      else if (options.describesNoResource === true && exchange !== undefined && exchange.status >= 200 && exchange.status < 300)
        this.budget.spendUnplanned();
      if (isWrite) {
        this.lastWriteEndedAt = Math.max(this.lastWriteEndedAt, Date.now());
      }
    }
  }

  private async sendWithRetries(method: string, options: RequestOptions): Promise<Exchange> {
    let transientAttempts = 0;
    let tokenResent = false;
    for (let attempt = 0; ;) {
      const sentAt = await this.throttle.acquire();
      const exchange = await this.sendOnceRecovering(method, options, attempt);
      // The token had expired and a new one was obtained: the same request once more, its answer judged as any.
      if (exchange.tokenRefreshed === true && !tokenResent) {
        tokenResent = true;
        continue;
      }
      if (exchange.status === 429) {
        this.waitOutThrottle(exchange, method, options, sentAt, attempt);
        attempt += 1;
        continue;
      }
      this.throttle.onSuccess();
      if (!isTransientRefusal(exchange.status)) return exchange;
      const status = String(exchange.status);
      if (transientAttempts < (this.options.maxTransientRetries ?? 3) && (await this.safeToResend(method, options, exchange))) {
        this.recoveries.retried[status] = (this.recoveries.retried[status] ?? 0) + 1;
        const entry = this.log.find((e) => e.seq === exchange.seq);
        if (entry) entry.resent = true;
        await sleep(transientDelayMs(exchange, transientAttempts, this.options.maxRetryAfterMs));
        transientAttempts += 1;
        continue;
      }
      this.recoveries.persisted[status] = (this.recoveries.persisted[status] ?? 0) + 1;
      return exchange;
    }
  }

  /** A 429: wait what it asks (within the run's pause budget) or give up with THROTTLED. */
  private waitOutThrottle(exchange: Exchange, method: string, options: RequestOptions, sentAt: number, attempt: number): void {
    const asked = parseRetryAfter(exchange.headers['retry-after']);
    const wait = Math.min(asked ?? 250 * 2 ** attempt, this.options.maxRetryAfterMs);
    const tooLong = asked !== undefined && asked > this.options.maxRetryAfterMs;
    // Every 429 slows and pauses the whole client, also the one this request gives up on.
    const withinBudget = !tooLong && this.throttle.onThrottled(sentAt, wait, attempt > 0);
    if (attempt >= this.options.maxThrottleRetries || !withinBudget) {
      throw new HttpError(
        'THROTTLED',
        `the target answered 429 (Too Many Requests) ${attempt + 1} time(s) for ${method} ${options.path}` +
          (tooLong
            ? ` and asked to wait ${Math.round((asked ?? 0) / 1000)} s, more than the ${this.options.maxRetryAfterMs / 1000} s the suite waits`
            : '') +
          (!tooLong && !withinBudget
            ? ` after the run had stood paused ${Math.round(this.throttle.stats().pausedMs / 1000)} s for Retry-After (at most ${this.options.throttleBudgetMs / 1000} s a run)`
            : '') +
          '; lower --rate-limit or --concurrency and run again',
      );
    }
  }

  /**
   * Whether a request that met a transient refusal or a dropped connection may be sent again without
   * doubling a write: an idempotent method always; a write the API says a resend may double only when
   * the probe proves it was not stored; any other request defines no write to double.
   */
  private async safeToResend(method: string, options: RequestOptions, refused: Exchange | undefined): Promise<boolean> {
    if (isIdempotent(method)) return true;
    if (!this.options.api.resendMayDouble({ method, path: options.path })) return true;
    if (this.storedProbe === undefined) return false;
    const request = refused?.request ?? this.requestOf(method, options);
    const verdict = await this.storedProbe(request, Date.now());
    if (verdict.stored === false) return true;
    if (verdict.stored === true) {
      this.recoveries.storedDespiteRefusal += 1;
      if (refused) this.storedDespite.add(refused);
      this.undrainedCreated.push({ id: verdict.id, by: currentSender() });
      this.createdIds.add(verdict.id);
      return false;
    }
    // Not proven either way (the listing failed): the refusal stands as the answer.
    return false;
  }

  /** The run's traffic: requests, 429s, the time paused and the rate the client adapted to. */
  throttleStats(): ThrottleStats {
    const { retried, persisted, connectionResends, storedDespiteRefusal } = this.recoveries;
    const tokenRefreshes = this.tokenRefreshes();
    return {
      ...this.throttle.stats(),
      transient: { retried: { ...retried }, persisted: { ...persisted }, connectionResends, storedDespiteRefusal },
      ...(tokenRefreshes !== undefined ? { tokenRefreshes } : {}),
    };
  }

  /**
   * A pooled keep-alive connection can be closed by the server just as a request goes out on it
   * (its idle time-out), which is no fault of the target's answer. The request is sent once more on
   * a fresh connection when resending is safe (an idempotent method, or a write proven not stored).
   * Fresh means one of its own, closed after its answer: another pooled connection may have been
   * dropped in the same moment, which a busy client has not seen yet either.
   */
  private async sendOnceRecovering(method: string, options: RequestOptions, attempt: number): Promise<Exchange> {
    try {
      return await this.sendOnce(method, options, attempt);
    } catch (error) {
      if (!(error instanceof HttpError) || error.code !== 'CONNECTION' || !STALE_SOCKET.test(error.message)) throw error;
      if (!(await this.safeToResend(method, options, undefined))) throw error;
      this.recoveries.connectionResends += 1;
      return this.sendOnce(method, options, attempt, { ownConnection: true });
    }
  }

  private requestOf(method: string, options: RequestOptions): ExchangeRequest {
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.rawBody;
    return { method, url: this.url(options.path, options.query), headers: {}, ...(body !== undefined ? { body } : {}) };
  }

  private async sendOnce(method: string, options: RequestOptions, attempt: number, how = { ownConnection: false }): Promise<Exchange> {
    const url = this.url(options.path, options.query);
    const headers: Record<string, string> = { accept: 'application/json', ...(options.headers ?? {}) };
    const { header: authorization, sentWith } = await this.authorizationFor(options.auth ?? 'a');
    if (authorization !== undefined) headers.authorization = authorization;
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    } else if (options.rawBody !== undefined) {
      body = options.rawBody;
    }
    const req: ExchangeRequest = { method, url, headers, ...(body !== undefined ? { body } : {}) };
    const startedAt = Date.now();
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const ownConnection = how.ownConnection || !isIdempotent(method);
      const res = await request(url, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: ownConnection ? this.writeAgent : this.agent,
        reset: ownConnection,
        signal: controller.signal,
      });
      const { text: bodyText, bytes: bodyBytes } = await this.readCapped(res.body, method, url);
      const responseHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) responseHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      const exchange: Exchange = {
        seq: ++this.seq,
        request: req,
        status: res.statusCode,
        headers: responseHeaders,
        bodyText,
        json: undefined,
        durationMs: Math.round(performance.now() - started),
        throttledRetries: attempt,
        startedAt,
      };
      const refreshFailure = await this.judgeToken(exchange, sentWith);
      if (bodyText.length > 0) {
        try {
          exchange.json = JSON.parse(bodyText);
        } catch (error) {
          exchange.jsonError = (error as Error).message;
        }
      }
      this.log.push({
        seq: exchange.seq,
        method,
        url,
        status: exchange.status,
        contentType: responseHeaders['content-type'],
        bodyBytes,
        jsonParses: exchange.jsonError === undefined,
        auth: typeof options.auth === 'object' ? 'other' : (options.auth ?? 'a'),
        ...(exchange.tokenRefreshed ? { tokenRefreshed: true as const } : {}),
      });
      const oddSuccess =
        exchange.status >= 200 &&
        exchange.status < 300 &&
        method !== 'HEAD' &&
        (bodyBytes === 0 || exchange.jsonError !== undefined || !/json/i.test(responseHeaders['content-type'] ?? ''));
      if ((exchange.status >= 500 || oddSuccess) && this.notable.length < NOTABLE_KEPT) this.notable.push(exchange);
      const createdId = this.options.api.createdIdOf(exchange);
      if (createdId !== undefined) {
        this.undrainedCreated.push({
          id: createdId,
          by: currentSender(),
          ...(options.purpose !== undefined ? { purpose: options.purpose } : {}),
        });
        if (!createdId.startsWith('(')) this.createdIds.add(createdId);
      }
      this.options.onExchange?.(exchange);
      if (refreshFailure !== undefined) throw refreshFailure;
      return exchange;
    } catch (error) {
      throw this.translate(error, method, url, controller.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * What the answer says of the caller's token: a 2xx, that it works; a 401 to a token that worked
   * before, that it expired (a new one is obtained and the exchange marked to be sent again). A
   * command that fails then is handed back to be thrown once the exchange is in the run's traffic.
   */
  private async judgeToken(exchange: Exchange, sentWith: SentWith | undefined): Promise<Error | undefined> {
    if (sentWith === undefined) return undefined;
    if (isSuccessStatus(exchange.status)) sentWith.source.servedWith(sentWith.token);
    if (exchange.status !== 401) return undefined;
    try {
      if ((await sentWith.source.afterRefusal(sentWith.token)) !== undefined) exchange.tokenRefreshed = true;
      return undefined;
    } catch (error) {
      return tokenCommandFailure(error);
    }
  }

  private async readCapped(
    body: AsyncIterable<Buffer> & { destroy(): void },
    method: string,
    url: string,
  ): Promise<{ text: string; bytes: number }> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > this.options.maxBodyBytes) {
        body.destroy();
        throw new HttpError(
          'BODY_TOO_LARGE',
          `the answer to ${method} ${pathOf(url)} went past the ${this.options.maxBodyBytes}-byte body cap`,
        );
      }
      chunks.push(chunk);
    }
    return { text: Buffer.concat(chunks, size).toString('utf8'), bytes: size };
  }

  private translate(error: unknown, method: string, url: string, aborted: boolean): Error {
    if (error instanceof HttpError) return error;
    const where = `${method} ${pathOf(url)}`;
    if (
      aborted ||
      error instanceof undiciErrors.HeadersTimeoutError ||
      error instanceof undiciErrors.BodyTimeoutError ||
      error instanceof undiciErrors.ConnectTimeoutError
    ) {
      return new HttpError('TIMEOUT', `no complete answer to ${where} within ${this.options.timeoutMs} ms`);
    }
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (isTlsFailure(code)) return new HttpError('TLS', `${where} failed: ${tlsFailureSentence(code, url) ?? code}`);
    return new HttpError('CONNECTION', `${where} failed: ${code ?? (error as Error).message}`);
  }

  /**
   * The ids `checkId` created, for its result; also any created for a check that has already ended
   * (a POST still in flight when its check was cut off by its time bound), so the run's created[] is
   * complete however a check sent its POST.
   */
  takeCreated(checkId: string): string[] {
    return this.takeCreatedResources(checkId).map((c) => c.id);
  }

  /** takeCreated, with why each was created when the request said (RequestOptions.purpose). */
  takeCreatedResources(checkId: string): { id: string; purpose?: string }[] {
    this.endedSenders.add(checkId);
    const mine = (c: { by: string | undefined }): boolean => c.by === undefined || this.endedSenders.has(c.by);
    const taken = this.undrainedCreated.filter(mine);
    this.undrainedCreated = this.undrainedCreated.filter((c) => !mine(c));
    return taken.map(({ id, purpose }) => ({ id, ...(purpose !== undefined ? { purpose } : {}) }));
  }

  async close(): Promise<void> {
    await Promise.all([this.agent.close(), this.writeAgent.close()]);
  }
}

/** What the client recovered from on the way: transient refusals resent, and those it could not resend. */
export interface TransientStats {
  /** 502/503/504 answers followed by a resend, by status. */
  retried: Record<string, number>;
  /** 502/503/504 answers handed to the checks (retries spent, or resending was not safe), by status. */
  persisted: Record<string, number>;
  /** Requests sent once more after their connection was dropped. */
  connectionResends: number;
  /** Writes refused or dropped that the probe found stored anyway. */
  storedDespiteRefusal: number;
}

/** Whole exchanges kept for the run-wide checks' evidence (their bodies are capped by --max-body-bytes). */
const NOTABLE_KEPT = 50;

/** Socket-level failures that a request on a reused connection can meet through no fault of the target. */
const STALE_SOCKET = /UND_ERR_SOCKET|ECONNRESET|EPIPE|other side closed/;

const isSuccessStatus = (status: number): boolean => status >= 200 && status < 300;

/** A token command that failed mid-run makes the request's check inconclusive, with the command's sentence. */
function tokenCommandFailure(error: unknown): Error {
  return error instanceof TokenCommandError ? new HttpError('TOKEN_COMMAND', error.message) : (error as Error);
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname;
}
