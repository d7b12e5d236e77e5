/**
 * The credentials a replay is sent with instead of the caller's: each must be refused on every
 * operation (spec 5), however the request is spelled. Near-miss tokens come from the auth checks' own
 * list (src/harness/token-near-misses.ts), so the redactor already prints them as placeholders.
 */
import type { AuthChoice } from '../../http/client.js';
import { tokenNearMisses } from '../../harness/token-near-misses.js';

export interface ReplayCredential {
  /** How it is named in messages ("with no Authorization header"). */
  name: string;
  auth: AuthChoice;
  /** The second caller: its own answers are legitimate, only the first caller's data is not. */
  otherCaller: boolean;
  /**
   * Sent in every spelling, or only as the checks spell the request. A guard a spelling skips is
   * skipped for any credentials, so no credentials and the second caller show it; a token compared
   * loosely is compared so on the spelling the auth checks already send.
   */
  everySpelling: boolean;
}

export function replayCredentials(tokenA: string, hasCallerB: boolean): ReplayCredential[] {
  const nearMiss = tokenNearMisses(tokenA, 'CONFORMANCE_TOKEN')[0];
  return [
    { name: 'no Authorization header', auth: 'none', otherCaller: false, everySpelling: true },
    { name: '"Token" and the caller\'s token', auth: { header: `Token ${tokenA}` }, otherCaller: false, everySpelling: false },
    ...(nearMiss
      ? [{ name: `"Bearer" and ${nearMiss.name}`, auth: { header: `Bearer ${nearMiss.value}` }, otherCaller: false, everySpelling: false }]
      : []),
    ...(hasCallerB ? [{ name: "the second caller's token (--token-b)", auth: 'b' as const, otherCaller: true, everySpelling: true }] : []),
  ];
}
