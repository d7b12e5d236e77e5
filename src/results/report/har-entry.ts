/**
 * The HAR entry of a curl line: the exchange it replays, by its seq, which is the entry's _id in the
 * run's HAR (src/results/report/har.ts). Shown beside the curl line, so the exchange behind a finding opens in
 * devtools or a proxy as well as in a shell.
 */
import type { CheckRecord, Results } from '../results.js';

export function harEntryOf(check: CheckRecord, curl: string): number | undefined {
  return check.exchanges.find((e) => e.curl === curl)?.seq;
}

/** " (HAR entry 12 in traffic.har)", or nothing when the run wrote no HAR or the line replays no recorded exchange (a counterexample). */
export function harEntryLabel(results: Pick<Results, 'har'>, seq: number | undefined): string {
  return results.har === undefined || seq === undefined ? '' : ` (HAR entry ${seq} in ${results.har})`;
}
