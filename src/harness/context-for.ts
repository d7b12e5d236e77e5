/**
 * The run's shared state built from its settings: one HTTP client (one connection pool, one write
 * budget, one exchange log) and one redactor that learns the personal data of every answer. Kept
 * apart from the check engine so the bench builds its client exactly as the checks use it.
 */
import { HttpClient, type HttpClientOptions } from '../http/client.js';
import { targetOptionsFrom } from '../http/client-options.js';
import { Redactor } from '../http/redact.js';
import { CreatedJournal } from '../results/report/created-journal.js';
import type { Exchange } from '../http/exchange.js';
import { ListViews } from '../core/model/list-views.js';
import { AnswerAudit } from './answer-audit.js';
import { ExchangeInvariants } from './invariants/exchange-invariants.js';
import { RequestRecurrence } from './recurrence.js';
import { CreatedOwners } from './created-owners.js';
import { TokenSource } from '../http/token-source.js';
import { TrafficRecorder } from '../http/traffic-record.js';
import { currentSender } from '../http/sender.js';
import { bankLinkingApi, createdIdOf, createdUserIdOf } from '../contract/operations/bank-linking-api.js';
import { makeStoredProbe } from '../contract/operations/stored-probe.js';
import { addCallerToken, redactorFor } from './secrets.js';
import { JudgedChecks } from './judged-checks.js';
import { PhaseSignals } from './phases.js';
import { wholeSettleMs, type RunSettings } from './settings.js';
import { fittedWindow } from './fitted-window.js';

export interface RunContext {
  settings: RunSettings;
  client: HttpClient;
  redactor: Redactor;
  /** Every answer of the run held to what the spec states of its operation (src/harness/answer-audit.ts). */
  audit: AnswerAudit;
  /** Every exchange of the run held to each invariant (src/harness/invariants/). */
  invariants: ExchangeInvariants;
  /** How often each request was sent, and how often the run-wide judges' findings recurred on it. */
  recurrence: RequestRecurrence;
  /** Whose each created resource is (caller, User, check); absent in a context made without the run's observers. */
  owners?: CreatedOwners;
  /** Every list walk of the run, per caller, and the relations between them (src/core/model/list-views.ts). */
  views: ListViews<Exchange>;
  /** Every exchange of the run, held for the HAR, which masks it when it is written (src/http/traffic-record.ts). */
  traffic: TrafficRecorder;
  /** When each phase of the run has ended (the check engine ends them; src/harness/phases.ts); absent: every phase has. */
  phases?: PhaseSignals;
  /** Which checks the run judges (the engine's plan, less --skip-area). */
  judged: JudgedChecks;
  /** What the run does with every exchange as it completes, in order (the bench times each). */
  observers: readonly ExchangeObserver[];
}

/** One thing the run does with every exchange as it completes: learn from it, record it, judge it. */
export interface ExchangeObserver {
  name: 'redactor' | 'har' | 'recurrence' | 'audit' | 'invariants' | 'created-owners';
  observe(exchange: Exchange): void;
}

/** The run's observers of every exchange, in the order they must see it: the redactor learns before the HAR masks. */
function observersOf(
  redactor: Redactor,
  traffic: TrafficRecorder,
  recurrence: RequestRecurrence,
  audit: AnswerAudit,
  invariants: ExchangeInvariants,
  owners: CreatedOwners,
  journal: CreatedJournal | undefined,
): ExchangeObserver[] {
  return [
    {
      name: 'redactor',
      observe: (exchange) => {
        if (exchange.request.body !== undefined) {
          try {
            redactor.noteSent(JSON.parse(exchange.request.body));
          } catch {
            // A deliberately malformed body holds no values to keep whole.
          }
        }
        redactor.learnFrom(exchange.json);
      },
    },
    { name: 'har', observe: (exchange) => traffic.recordExchange(exchange, redactor, currentSender()) },
    { name: 'recurrence', observe: (exchange) => recurrence.count(exchange) },
    { name: 'audit', observe: (exchange) => audit.inspect(exchange) },
    { name: 'invariants', observe: (exchange) => invariants.inspect(exchange) },
    {
      name: 'created-owners',
      // Whose it is, said as it is created: the caller (never its token), the User and the check, so
      // a sandbox can be cleaned by hand from created.json alone (issue 56). Ids stay whole, as in
      // every report, but for a token a target might echo in one.
      observe: (exchange: Exchange) => {
        const createdId = createdIdOf(exchange);
        if (createdId === undefined) return;
        const userId = createdUserIdOf(exchange);
        const id = redactor.secretsOnly(createdId);
        const owner = {
          caller: invariants.callerOf(exchange),
          user_id: userId === undefined ? null : redactor.secretsOnly(userId),
          check: currentSender() ?? null,
        };
        owners.add(id, owner);
        journal?.add({ id, ...owner });
      },
    },
  ];
}

/**
 * What the run's client takes from the settings: the target, the API it speaks, its bounds, and how
 * long it waits out a target that pushes back (each Retry-After, 429s per request, all pauses
 * together). The bench builds the same client without the run's observers from it.
 */
export function runClientOptions(settings: RunSettings): Omit<HttpClientOptions, 'onExchange' | 'tokenSources'> {
  return {
    ...targetOptionsFrom(settings),
    api: bankLinkingApi,
    ...(settings.seqFrom !== undefined ? { seqFrom: settings.seqFrom } : {}),
    concurrency: settings.concurrency,
    readOnly: settings.readOnly,
    maxWrites: settings.maxWrites,
    maxRetryAfterMs: 5_000,
    maxThrottleRetries: 3,
    throttleBudgetMs: 20_000,
  };
}

export function contextFor(settings: RunSettings): RunContext {
  const redactor = redactorFor(settings);
  const recurrence = new RequestRecurrence();
  const audit = new AnswerAudit(settings.baseUrl, recurrence);
  const made: { client?: HttpClient } = {};
  const invariants = new ExchangeInvariants(
    {
      baseUrl: settings.baseUrl,
      tokenA: settings.tokenA,
      ...(settings.tokenB !== undefined ? { tokenB: settings.tokenB } : {}),
      userIdA: settings.userIdA,
      ...(settings.userIdB !== undefined ? { userIdB: settings.userIdB } : {}),
      ...(settings.settleMs !== undefined ? { settleMs: settings.settleMs } : {}),
      // The client is made below (it reports every exchange to the invariants); asked only once it exists.
      fittedSettleMs: () => (made.client ? fittedWindow(made.client, settings).ms : wholeSettleMs(settings)),
    },
    recurrence,
  );
  const traffic = new TrafficRecorder();
  const journal = settings.createdJournalPath !== undefined ? new CreatedJournal(settings.createdJournalPath, settings.baseUrl) : undefined;
  const owners = new CreatedOwners();
  const observers = observersOf(redactor, traffic, recurrence, audit, invariants, owners, journal);
  const client = new HttpClient({
    ...runClientOptions(settings),
    tokenSources: tokenSourcesFor(settings, (caller, fresh) => {
      addCallerToken(redactor, caller, fresh);
      invariants.addCallerToken(caller, fresh);
    }),
    onExchange: (exchange) => {
      for (const observer of observers) observer.observe(exchange);
    },
  });
  made.client = client;
  client.storedProbe = makeStoredProbe(client, { defaultUserId: settings.userIdA, settleMs: wholeSettleMs(settings) });
  return {
    settings,
    client,
    redactor,
    audit,
    invariants,
    recurrence,
    owners,
    views: new ListViews<Exchange>(),
    traffic,
    phases: new PhaseSignals(),
    judged: new JudgedChecks(settings.skippedAreas),
    observers,
  };
}

/** A source per caller whose token came from a command; each new token goes to the redactor before it is sent. */
function tokenSourcesFor(settings: RunSettings, learn: (caller: 'a' | 'b', token: string) => void): { a?: TokenSource; b?: TokenSource } {
  const sourceOf = (caller: 'a' | 'b', token: string | undefined): TokenSource | undefined => {
    const state = settings.tokenCommands?.[caller];
    if (state === undefined || token === undefined) return undefined;
    const issued = { token, ...(state.expiresAt !== undefined ? { expiresAt: state.expiresAt } : {}), served: state.served === true };
    return new TokenSource(issued, { command: state.command, named: state.named }, (fresh) => learn(caller, fresh));
  };
  const a = sourceOf('a', settings.tokenA);
  const b = sourceOf('b', settings.tokenB);
  return { ...(a ? { a } : {}), ...(b ? { b } : {}) };
}
