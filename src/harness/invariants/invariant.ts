/**
 * An invariant: a requirement whose violation one answer (with the request that asked for it) shows,
 * judged on every exchange of the run whichever check, walk, replay or probe sent it. A violation is
 * a finding of the requirement it breaks, with that exchange as its evidence.
 */
import type { Exchange } from '../../http/exchange.js';
import type { SeenExchange } from './seen-exchange.js';

export interface InvariantFinding {
  message: string;
  requirements: string[];
  exchange: Exchange;
  expected?: string;
  actual?: string;
}

export interface ExchangeInvariant {
  /** Looks at one exchange (in the order the run received them) and reports each violation it shows. */
  inspect(seen: SeenExchange, report: (finding: InvariantFinding) => void): void;
  /** Reports what only the whole run shows; called once, when the run-wide check reads the findings at the run's end. */
  settle?(report: (finding: InvariantFinding) => void): void;
  /** Requests it asks to have sent once, before the run-wide checks read the findings, to complete findings it already made. */
  followUps?(): FollowUp[];
  /**
   * Breaks it saw only within the run's fitted settle window: not findings, since a replica slower
   * than the run's writes showed could make them, and final only when walks made after the whole
   * window show them again (suites/views.ts makes those walks when any invariant holds such a break).
   */
  unconfirmed?(): number;
}

/**
 * A request an invariant asks for to say more of a finding (another spelling of a refused request):
 * it changes no verdict, only what the finding can tell. Sent with the caller's current token and the
 * Accept of the request it follows; its answer is judged by every invariant like any other.
 */
export interface FollowUp {
  /** The whole URL, spelled exactly as it is to be sent. */
  url: string;
  caller: 'a' | 'b';
  /** The Accept it carries; null: none, as the request it follows had none. */
  accept: string | null;
  /** Told the answer, or why none came (a time-out, the target's throttling). */
  answered(outcome: Exchange | Error): void;
}
