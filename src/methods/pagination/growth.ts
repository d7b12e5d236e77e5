/**
 * Walks of a list that grows while they read it (another writer on a shared staging). A page cap
 * planned from the list's size at the start would stop such a walk short of its end, and the checks
 * would have nothing to judge. So, reading new ids, or ids read a moment ago again (an offset cursor
 * shifted back by items added at the front), never ids from far back (a cursor going round):
 * - a walk that reads no faster than the list grows widens its page size from where it is (a cursor
 *   is a place in the list, spec 2.4, and the limit is asked per request), so it can reach the end;
 * - a walk that reaches its cap still pointing onward gets the pages the growth observed needs (the
 *   items gained, half as many again);
 * - a walk already at 100 a page that still cannot keep up stops, saying both rates and what would help.
 */
export interface GrowthReading {
  /** Distinct ids read so far. */
  distinct: number;
  /** Whether ids came twice from far back in the walk (a cursor going round, not growth). */
  repeated: boolean;
  /**
   * Ids read again just after their first reading: an offset cursor shifted by items added before the
   * walk's place (a list growing at its front). Each is an item the list gained that the walk must
   * page over again, so it counts as growth (0 when absent).
   */
  shifted?: number;
  /** The list's size the walk was planned for. */
  expected: number;
  /** The page size asked now. */
  size: number;
  /** Since the walk began. */
  elapsedMs: number;
  /** The walk's time cap. */
  maxMs: number;
  /** Distinct ids read, and ms elapsed, when the page size was last set (0, 0 at the start). */
  sinceSize: { distinct: number; elapsedMs: number };
  /** Whether the walk has reached its page cap. */
  atCap: boolean;
}

export type GrowthDecision = { widenTo: number; why: string } | { extendBy: number } | { outgrown: string } | undefined;

/** Time read at one page size before its rate is trusted. */
const MIN_MEASURE_MS = 2_000;
/** The walk must read this many times faster than the list grows to reach the end in reasonable time. */
const HEADROOM = 2;

/** Items the list gained during the walk, as far as the walk can tell: new ids beyond the planned size, and ids it was shifted back over. */
export function grownBy(g: Pick<GrowthReading, 'distinct' | 'expected' | 'shifted'>): number {
  return Math.max(0, g.distinct - g.expected) + (g.shifted ?? 0);
}

export function growthDecision(g: GrowthReading): GrowthDecision {
  if (g.repeated) return undefined;
  const grown = grownBy(g);
  // Items the list gained a second (an upper bound: the whole gain is put in this walk's time).
  const growthRate = grown / (Math.max(g.elapsedMs, 1) / 1000);
  const measuredMs = g.elapsedMs - g.sinceSize.elapsedMs;
  const readRate = (g.distinct - g.sinceSize.distinct) / (Math.max(measuredMs, 1) / 1000);
  const secondsLeft = Math.max(0, g.maxMs - g.elapsedMs) / 1000;
  // Items still to read before the end: what is left of the planned list, and what it gains meanwhile.
  const toRead = Math.max(0, g.expected - g.distinct) + growthRate * secondsLeft;
  const keepsUp = readRate >= growthRate * HEADROOM && toRead <= readRate * secondsLeft * 0.8;
  if (measuredMs >= MIN_MEASURE_MS && !keepsUp) {
    const rates = `the walk read ${readRate.toFixed(1)} items/s at ${g.size} a page${growthRate > 0 ? ` while the list grew by about ${growthRate.toFixed(1)} items/s` : ''}, about ${Math.round(toRead)} items still to read in ${Math.round(secondsLeft)} s`;
    if (g.size < 100) {
      const needed = Math.max(HEADROOM * growthRate, toRead / Math.max(secondsLeft * 0.5, 1));
      const widenTo = Math.min(100, Math.max(g.size * 2, Math.ceil((g.size * needed) / Math.max(readRate, 0.1))));
      return { widenTo, why: `${rates}, so from page {page} on it asked ${widenTo} a page` };
    }
    if (grown > 0) {
      return {
        outgrown: `${rates}, so it could not reach the end: run when fewer clients write, raise --rate-limit if the target allows, or give checks more time (--timeout-ms: a check may take six times it)`,
      };
    }
  }
  if (g.atCap && grown > 0) return { extendBy: Math.ceil((grown * 1.5) / g.size) + 2 };
  return undefined;
}
