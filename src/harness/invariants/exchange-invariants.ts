/**
 * The run's invariants (each one file of this folder), judged on every exchange as it arrives, with
 * the findings of each kept apart for the run-wide check that reports it (suites/http.ts).
 */
import type { Exchange } from '../../http/exchange.js';
import type { HttpClient } from '../../http/client.js';
import { callerDataOnly } from './caller-data-only.js';
import { credentialsRequired } from './credentials-required.js';
import { factsOfCreation } from './facts-of-creation.js';
import { filtersKeepTheirValue } from './filters-keep-their-value.js';
import type { ExchangeInvariant, InvariantFinding } from './invariant.js';
import { noPhantomWrites } from './no-phantom-writes.js';
import { onwardPagesFull } from './onward-pages-full.js';
import { pagesWithinLimit } from './pages-within-limit.js';
import { callerOf, headerOf, seeExchange, type Caller } from './seen-exchange.js';
import { servedNotRefused } from './served-not-refused.js';
import { serviceAssignedMembers } from './service-assigned-members.js';
import { timestampsRfc3339 } from './timestamps-rfc3339.js';
import type { RequestRecurrence } from '../recurrence.js';
import { wholeSettleMs } from '../settings.js';

export type InvariantId =
  | 'http.pages-within-limit'
  | 'http.onward-pages-full'
  | 'http.filters-keep-their-value'
  | 'http.credentials-required'
  | 'http.caller-data-only'
  | 'http.served-not-refused'
  | 'http.service-assigned-members'
  | 'http.timestamps-rfc3339'
  | 'http.facts-of-creation'
  | 'http.no-phantom-writes';

/** Findings kept per invariant (the first ones; the count goes on). */
const MAX_KEPT = 10;

export interface InvariantTally {
  findings: InvariantFinding[];
  found: number;
}

export interface InvariantSettings {
  baseUrl: string;
  tokenA: string;
  tokenB?: string;
  userIdA?: string;
  userIdB?: string;
  /** How late a write may show in a list (--settle-ms); the default window when not given. */
  settleMs?: number;
  /** The run's fitted settle window as its evidence stands (src/harness/fitted-window.ts); the whole window when not given. */
  fittedSettleMs?: () => number;
}

export class ExchangeInvariants {
  /** Exchanges judged: every one of the run's, whichever check sent it. */
  inspected = 0;
  private readonly invariants: [InvariantId, ExchangeInvariant][];
  private readonly tallies = new Map<InvariantId, InvariantTally>();
  private readonly basePath: string;
  private readonly settled = new Set<InvariantId>();
  private readonly callers: { tokensA: Set<string>; tokensB: Set<string> };
  private followedUp?: Promise<void>;

  constructor(
    settings: InvariantSettings,
    private readonly recurrence?: RequestRecurrence,
  ) {
    this.callers = { tokensA: new Set([settings.tokenA]), tokensB: new Set(settings.tokenB !== undefined ? [settings.tokenB] : []) };
    this.basePath = new URL(settings.baseUrl).pathname.replace(/\/+$/, '');
    const whole = wholeSettleMs(settings);
    this.invariants = [
      ['http.pages-within-limit', pagesWithinLimit],
      ['http.onward-pages-full', onwardPagesFull({ wholeMs: whole, fittedMs: settings.fittedSettleMs ?? (() => whole) })],
      ['http.filters-keep-their-value', filtersKeepTheirValue],
      ['http.credentials-required', credentialsRequired],
      ['http.caller-data-only', callerDataOnly()],
      [
        'http.served-not-refused',
        servedNotRefused({
          ...(settings.userIdA !== undefined ? { a: settings.userIdA } : {}),
          ...(settings.userIdB !== undefined ? { b: settings.userIdB } : {}),
        }),
      ],
      ['http.service-assigned-members', serviceAssignedMembers],
      ['http.timestamps-rfc3339', timestampsRfc3339()],
      ['http.facts-of-creation', factsOfCreation()],
      ['http.no-phantom-writes', noPhantomWrites()],
    ];
    for (const [id] of this.invariants) this.tallies.set(id, { findings: [], found: 0 });
  }

  inspect(exchange: Exchange): void {
    this.inspected += 1;
    const seen = seeExchange(exchange, this.callers, this.basePath);
    for (const [id, invariant] of this.invariants) {
      const tally = this.tallies.get(id) as InvariantTally;
      invariant.inspect(seen, (finding) => this.keep(id, tally, finding));
    }
  }

  /**
   * Sends, once per run and one at a time, the requests the invariants asked for to complete their
   * findings (another spelling of a refused request). The run-wide checks await it before reading a
   * tally, so each follow-up's answer is judged by every invariant too.
   */
  followUp(client: HttpClient): Promise<void> {
    this.followedUp ??= (async () => {
      for (const [, invariant] of this.invariants)
        for (const request of invariant.followUps?.() ?? []) {
          const url = new URL(request.url);
          try {
            const exchange = await client.send({
              method: 'GET',
              path: `${url.pathname.slice(this.basePath.length)}${url.search}`,
              auth: request.caller,
              headers: { accept: request.accept },
            });
            request.answered(exchange);
          } catch (error) {
            request.answered(error instanceof Error ? error : new Error(String(error)));
          }
        }
    })();
    return this.followedUp;
  }

  /** Breaks seen only within the fitted settle window, over every invariant (ExchangeInvariant.unconfirmed). */
  unconfirmed(): number {
    return this.invariants.reduce((sum, [, invariant]) => sum + (invariant.unconfirmed?.() ?? 0), 0);
  }

  /** Whose credentials an exchange carried, by the tokens the run gave each caller (refreshed ones included). */
  callerOf(exchange: Exchange): Caller {
    return callerOf(headerOf(exchange.request.headers, 'authorization'), this.callers);
  }

  /** A caller's token obtained again during the run (a token command's refresh): its requests are still that caller's. */
  addCallerToken(caller: 'a' | 'b', token: string): void {
    (caller === 'a' ? this.callers.tokensA : this.callers.tokensB).add(token);
  }

  private keep(id: InvariantId, tally: InvariantTally, finding: InvariantFinding): void {
    tally.found += 1;
    this.recurrence?.found(id, finding.exchange, finding.message);
    if (tally.findings.length < MAX_KEPT) tally.findings.push(finding);
  }

  tally(id: InvariantId): InvariantTally {
    const tally = this.tallies.get(id) as InvariantTally;
    // An invariant that only the whole run decides (no-phantom-writes) is settled once, when it is read at the run's end.
    const invariant = this.invariants.find(([key]) => key === id)?.[1];
    if (invariant?.settle !== undefined && !this.settled.has(id)) {
      this.settled.add(id);
      invariant.settle((finding) => this.keep(id, tally, finding));
    }
    return tally;
  }
}
