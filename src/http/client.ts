/**
 * The one HTTP client every check uses: the core that sends one request with its bounds
 * (send-once.ts) and the policies around it (policies/), composed here in the one order a run uses,
 * outermost first. What the API says of a request (a write, may create, what an answer created) is
 * told to it (options.api, src/contract/operations/), never known here. It keeps the run's view of
 * its traffic: the write budget, the exchange log and the notable exchanges, the resources created,
 * when the latest write ended, the recoveries and the throttle's figures.
 */
import type { Dispatcher } from 'undici';
import { AdaptiveThrottle, type ThrottleStats } from './adaptive-throttle.js';
import type { ApiKnowledge } from './api-knowledge.js';
import { WriteBudget } from './budget.js';
import { CreatedResources } from './created-resources.js';
import { makeDispatcher } from './dispatcher.js';
import type { Exchange, ExchangeSummary } from './exchange.js';
import { Availability } from './availability.js';
import { compose, outgoing, type Send } from './pipeline.js';
import { haltGate, type Halt } from './policies/halt-gate.js';
import { connectionResend } from './policies/connection-resend.js';
import { ExchangeRecord } from './policies/record.js';
import { throttling } from './policies/throttle.js';
import { authorize, resendAfterRefresh, type Callers } from './policies/token.js';
import { transientResend, type TransientStats } from './policies/transient-resend.js';
import { writeGuard } from './policies/write-guard.js';
import type { RequestOptions } from './request-options.js';
import { resendSafety, type StoredProbe } from './resend-safety.js';
import { bodyOf, sendOnce, urlOf } from './send-once.js';
import { TokenSource } from './token-source.js';

export type { AuthChoice, RequestOptions } from './request-options.js';
export type { StoredVerdict } from './resend-safety.js';
export type { TransientStats } from './policies/transient-resend.js';

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

export class HttpClient {
  readonly budget: WriteBudget;
  /** A small line per exchange of the run (no bodies), for the run-wide HTTP checks. */
  readonly log: ExchangeSummary[];
  /** Whole exchanges the run-wide checks may fail on (a 5xx, a 2xx whose body is not JSON), the first few, so their findings carry a replay. */
  readonly notable: Exchange[];
  /** Every id this run created (api.createdIdOf): a late-listed creation of ours is never taken for a refused write's. */
  readonly createdIds: Set<string>;
  /** When the run's latest write ended (Date.now(); 0 before any): absence proofs wait out the settle window from it. */
  lastWriteEndedAt = 0;
  /** Finds out whether a POST that got no usable answer was stored anyway (src/contract/operations/stored-probe.ts); set by the run. */
  storedProbe?: StoredProbe;
  /** Transient refusals and dropped connections the client recovered from, or could not, for the report. */
  readonly recoveries: TransientStats = { retried: {}, persisted: {}, connectionResends: 0, storedDespiteRefusal: 0 };
  /** Whether the target is there to be tested: every answer of the run weighed (availability.ts). */
  readonly availability = new Availability();
  /** Set by halt(): nothing more is sent (policies/halt-gate.ts). */
  private readonly halted: Halt = {};
  private readonly created: CreatedResources;
  private readonly throttle: AdaptiveThrottle;
  private readonly tokens: Callers;
  private readonly dispatchers: { pooled: Dispatcher; own: Dispatcher };
  private readonly pipeline: Send;

  constructor(readonly options: HttpClientOptions) {
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
    this.dispatchers = { pooled: makeDispatcher(pool), own: makeDispatcher(pool) };
    this.created = new CreatedResources(options.api.createdIdOf);
    this.createdIds = this.created.ids;
    const record = new ExchangeRecord(options.seqFrom ?? 0, [
      (exchange) =>
        this.availability.observe(
          exchange.status,
          `${exchange.request.method} ${pathOf(exchange.request.url)}`,
          exchange.startedAt ?? Date.now() - exchange.durationMs,
        ),
      (exchange, request) => this.created.noteAnswer(exchange, request.purpose),
      (exchange) => options.onExchange?.(exchange),
    ]);
    this.log = record.log;
    this.notable = record.notable;
    /** Answers that were refused but whose write was stored anyway (found by the probe): their budget slot stays spent. */
    const storedDespite = new WeakSet<Exchange>();
    const safeToResend = resendSafety({
      api: options.api,
      probe: () => this.storedProbe,
      requestOf: (request) => {
        const body = bodyOf(request);
        return { method: request.method, url: this.url(request.path, request.query), headers: {}, ...(body !== undefined ? { body } : {}) };
      },
      onStoredDespite: (refused, id) => {
        this.recoveries.storedDespiteRefusal += 1;
        if (refused) storedDespite.add(refused);
        this.created.noteStored(id);
      },
    });
    const { pace, backOff } = throttling(this.throttle, options);
    this.pipeline = compose(
      [
        writeGuard({
          api: options.api,
          readOnly: options.readOnly,
          budget: this.budget,
          maxWrites: options.maxWrites,
          storedDespite: (exchange) => storedDespite.has(exchange),
          writeEnded: () => (this.lastWriteEndedAt = Math.max(this.lastWriteEndedAt, Date.now())),
        }),
        transientResend({
          maxRetries: options.maxTransientRetries ?? 3,
          maxDelayMs: options.maxRetryAfterMs,
          safeToResend,
          recoveries: this.recoveries,
          markResent: (refused) => record.markResent(refused),
          availability: this.availability,
          markUnavailable: (refused) => record.markUnavailable(refused),
        }),
        backOff,
        resendAfterRefresh,
        pace,
        connectionResend({ safeToResend, recoveries: this.recoveries }),
        record.recording,
        authorize(this.tokens, (caller) => this.send({ ...options.api.tokenRead, auth: caller, tokenProbe: true })),
        record.numbering,
        haltGate(this.halted, this.availability),
      ],
      sendOnce({
        baseUrl: options.baseUrl,
        timeoutMs: options.timeoutMs,
        maxBodyBytes: options.maxBodyBytes,
        dispatchers: this.dispatchers,
      }),
    );
  }

  send(options: RequestOptions): Promise<Exchange> {
    return this.pipeline(outgoing(options));
  }

  /** From now on nothing is sent: each send ends RUN_DEADLINE with `reason` (the run ended, or reached its bound). */
  halt(reason: string): void {
    this.halted.reason ??= reason;
  }

  url(path: string, query?: RequestOptions['query']): string {
    return urlOf(this.options.baseUrl, path, query);
  }

  /** Why each caller's token given as a string can no longer be sent, once its end was proven mid-run. */
  tokenEnds(): string[] {
    return [this.tokens.a.endedBecause, this.tokens.b?.endedBecause].filter((why): why is string => why !== undefined);
  }

  /** Times each caller's token command was run again during the run (absent: no command, or never). */
  tokenRefreshes(): { a: number; b: number } | undefined {
    const a = this.tokens.a.refreshes;
    const b = this.tokens.b?.refreshes ?? 0;
    return a + b > 0 ? { a, b } : undefined;
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

  /** The ids `checkId` created, for its result (CreatedResources.take). */
  takeCreated(checkId: string): string[] {
    return this.created.take(checkId).map((c) => c.id);
  }

  /** The request bodies, as sent, of every answer that created something (for the value classes the run tried). */
  get createdBodies(): readonly string[] {
    return this.created.bodies;
  }

  /** takeCreated, with why each was created when the request said (RequestOptions.purpose). */
  takeCreatedResources(checkId: string): { id: string; purpose?: string }[] {
    return this.created.take(checkId);
  }

  async close(): Promise<void> {
    await Promise.all([this.dispatchers.pooled.close(), this.dispatchers.own.close()]);
  }
}

/** The path of a URL the client sent to (the availability watch tells operations apart by it). */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
