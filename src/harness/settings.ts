import type { TokenCommandSettings } from '../http/token-source.js';
import type { UserChoice } from '../results/results.js';

/**
 * What a run hands to its checks (src/runner/check-engine.ts makes their context of it): plain JSON, resolved once.
 */
export interface RunSettings {
  baseUrl: string;
  embedded: boolean;
  tokenA: string;
  userIdA: string;
  /** Every User --user-id named, when it named several: the preflight counts their banks and sets userIdA to the one with the fewest. */
  userIdsA?: string[];
  /** Why userIdA, when --user-id named several (set by the preflight). */
  userChoice?: UserChoice;
  tokenB?: string;
  /** Where each setting given came from, by flag, to name in a sentence ("CONFORMANCE_TOKEN in the environment"); absent: the flag. */
  settingOrigins?: Record<string, string>;
  userIdB?: string;
  readOnly: boolean;
  /** Areas of checks turned off by --skip-area: their checks skip, saying so. */
  skippedAreas?: string[];
  maxWrites: number;
  /** --max-writes left at its default: the paging data top-up (src/methods/pagination/list-data.ts) comes on top of it. */
  pagingDataOnTop?: boolean;
  seed: number;
  runs: number;
  concurrency: number;
  rateLimit: number;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Bound on one check, all its requests included. */
  checkTimeoutMs: number;
  /** DIR/created.json, rewritten as each resource is created (src/results/report/created-journal.ts). */
  createdJournalPath?: string;
  /** How long after its answer a write may take to be listed (--settle-ms; src/harness/settle.ts); absent: 5000. */
  settleMs?: number;
  /**
   * Where the window absence proofs wait comes from: 'given' (--settle-ms as set, or the embedded
   * reference's 0), or 'evidence' (a --base-url run without --settle-ms: fitted to the listing lag the
   * run observed, settle.ts). Absent: 'given'.
   */
  settleWindow?: 'given' | 'evidence';
  /** PEM text of the private CA of --ca-cert (read once by the CLI). */
  caPem?: string;
  /** The callers whose token came from a command (--token-command): run again as the token expires (src/http/token-source.ts). */
  tokenCommands?: { a?: TokenCommandState; b?: TokenCommandState };
  /** --unmasked-evidence: the run's redactor prints personal data as it came (tokens still replaced). */
  unmaskedEvidence?: boolean;
  /** Exchanges sent before the checks' (the preflight's): the checks' are numbered after them, so an id names one exchange of the run. */
  seqFrom?: number;
}

/** A command's token as the checks take it over: the command, when the token it printed expires, and whether it worked already. */
export interface TokenCommandState extends TokenCommandSettings {
  expiresAt?: number;
  /** The preflight saw it accepted: a 401 to it later means it expired. */
  served?: boolean;
}

/** The settle window when the settings give none (--settle-ms's default). */
export const DEFAULT_SETTLE_MS = 5_000;

/** The whole settle window: --settle-ms, or its default. */
export const wholeSettleMs = (settings: { settleMs?: number | undefined }): number => settings.settleMs ?? DEFAULT_SETTLE_MS;
