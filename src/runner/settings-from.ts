/**
 * The settings the suites get (RunSettings) from the resolved configuration and, when there is no
 * --base-url, the embedded reference: the CLI and `npm run mutation`'s judge build them alike.
 */
import { skippedAreas, userIdsOf, type Config } from '../config/config.js';
import { CaCertError, readCaCert } from '../http/tls-trust.js';
import type { RunningReference } from '../lab/server.js';
import type { RunSettings } from '../harness/settings.js';
import { CannotRun } from './cannot-run.js';
import type { ObtainedTokens } from './obtain-tokens.js';

/** obtained: the first tokens of the callers whose token comes from a command (src/runner/obtain-tokens.ts). */
export function settingsFrom(config: Config, reference: RunningReference | undefined, obtained: ObtainedTokens = {}): RunSettings {
  const embedded = reference !== undefined;
  const tokenA = embedded ? reference.callers.a.token : (obtained.a?.token ?? (config.token as string));
  const userIdsA = embedded ? [] : userIdsOf(config.userId);
  const userIdA = embedded ? (reference.callers.a.userIds[0] as string) : (userIdsA[0] ?? (config.userId as string));
  const tokenB = embedded ? reference.callers.b.token : (obtained.b?.token ?? config.tokenB);
  const tokenCommands = embedded
    ? undefined
    : { ...(obtained.a ? { a: obtained.a.state } : {}), ...(obtained.b ? { b: obtained.b.state } : {}) };
  const userIdB = embedded ? reference.callers.b.userIds[0] : config.userIdB;
  // The embedded reference keeps its lists in memory and lists a write as it answers it: there is no
  // replica to wait for, unless --settle-ms (or its variable) asks for a window all the same.
  const settleMs = embedded && config.origins?.['settle-ms'] === undefined ? 0 : config.settleMs;
  return {
    baseUrl: embedded ? reference.url : (config.baseUrl as string),
    embedded,
    tokenA,
    ...(embedded || config.origins === undefined ? {} : { settingOrigins: config.origins }),
    userIdA,
    ...(userIdsA.length > 1 ? { userIdsA } : {}),
    ...(tokenB ? { tokenB } : {}),
    ...(userIdB ? { userIdB } : {}),
    readOnly: config.readOnly,
    ...(config.skipArea !== undefined ? { skippedAreas: skippedAreas(config.skipArea) } : {}),
    maxWrites: config.maxWrites,
    pagingDataOnTop: !config.maxWritesGiven,
    seed: config.seed,
    runs: config.runs,
    concurrency: config.concurrency,
    rateLimit: config.rateLimit,
    timeoutMs: config.timeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    // A check may wait out the settle window (an absence) and poll through it (a late listing).
    checkTimeoutMs: Math.max(30_000, config.timeoutMs * 6) + 2 * settleMs,
    settleMs,
    // Without --settle-ms, a --base-url target's absence proofs wait what its observed listing lag calls for.
    settleWindow: !embedded && config.origins?.['settle-ms'] === undefined ? 'evidence' : 'given',
    ...(config.caCert !== undefined ? { caPem: readCaCertOrStop(config.caCert) } : {}),
    ...(tokenCommands !== undefined && Object.keys(tokenCommands).length > 0 ? { tokenCommands } : {}),
    ...(config.unmaskedEvidence ? { unmaskedEvidence: true } : {}),
  };
}

function readCaCertOrStop(path: string): string {
  try {
    return readCaCert(path);
  } catch (error) {
    if (error instanceof CaCertError) throw new CannotRun(error.message);
    throw error;
  }
}
