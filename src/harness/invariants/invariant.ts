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
}
