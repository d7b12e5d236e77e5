/**
 * Every exchange of a run as the HAR will show it (src/results/report/har.ts), made the moment it completes:
 * redacted exactly as the evidence is (evidence.ts), every header kept, bodies cut at a cap. Made at
 * once rather than from the raw exchange at the end, so neither a refreshed token nor a body of many
 * megabytes stays in memory, and the raw token never leaves the process that sent it.
 */
import type { Exchange } from './exchange.js';
import { MaskedBodyMemo } from './masked-body-memo.js';
import type { Redactor } from './redact.js';

export interface TrafficRecord {
  /** The exchange's seq: one numbering for the run (the preflight's reads first), the HAR entry's id. */
  seq: number;
  /** When it was sent (ms since the epoch). */
  startedAt: number;
  durationMs: number;
  method: string;
  url: string;
  requestHeaders: [string, string][];
  requestBody?: string;
  status: number;
  responseHeaders: [string, string][];
  responseBody: string;
  /** The body's size in bytes as it came (before redaction and the cap). */
  responseBytes: number;
  /** Bodies longer than the cap, with the length they had (characters, after redaction). */
  cut?: { request?: number; response?: number };
  /** A 2xx answer's body not kept (responseBody empty) because the run's HAR_BODY_BUDGET was spent: its length in characters as it came. */
  bodyOmitted?: number;
  /** The check whose body sent it; absent: sent outside any check (the preflight, a request shared before a check took it). */
  sentBy?: string;
  /** A 401 to a token that had worked: a new token was obtained and the request sent again (the next exchange). */
  tokenRefreshed?: true;
}

/** Characters of a body kept in the HAR: a page of 100 User Banks fits; a body past it is cut and says so. */
export const HAR_BODY_CAP = 64 * 1024;

/**
 * Characters of bodies kept in one run's HAR, all entries together: a default run's traffic fits
 * several times over; a walk of a 100,000-item list would otherwise redact and hold a thousand
 * 32 KB pages. Past it a 2xx answer's body is left out (an error answer's, small, is still kept),
 * its entry still there, so a walk's later pages cost no redaction.
 */
export const HAR_BODY_BUDGET = 16 * 1024 * 1024;

const cap = (text: string): { text: string; cut?: number } =>
  text.length > HAR_BODY_CAP ? { text: text.slice(0, HAR_BODY_CAP), cut: text.length } : { text };

export function toTrafficRecord(
  exchange: Exchange,
  redactor: Redactor,
  sentBy: string | undefined,
  { keepSuccessBody = true, memo }: { keepSuccessBody?: boolean; memo?: MaskedBodyMemo } = {},
): TrafficRecord {
  const requestHeaders = Object.entries(exchange.request.headers).map(([name, value]): [string, string] => [
    name,
    name.toLowerCase() === 'authorization' ? redactor.authorization(value) : redactor.text(value),
  ]);
  const responseHeaders = Object.entries(exchange.headers).map(([name, value]): [string, string] => [name, redactor.text(value)]);
  // Masked by member as an answer is, also the values the suite made up itself: the evidence keeps
  // those whole so a curl line replays, but the HAR holds every write of the run, not a few to replay,
  // and a created account number is the target's data once stored.
  const request = exchange.request.body === undefined ? undefined : cap(redactor.body(exchange.request.body));
  const omitted = !keepSuccessBody && exchange.status >= 200 && exchange.status < 300 && exchange.bodyText.length > 0;
  // The answer was parsed once by the client: its value is masked as is, not parsed again from the text.
  const parsed = exchange.json !== undefined && exchange.jsonError === undefined ? { json: exchange.json } : undefined;
  const mask = (): string => (parsed !== undefined ? redactor.parsedBody(parsed.json) : redactor.body(exchange.bodyText));
  const response = omitted ? { text: '' } : cap(memo !== undefined ? memo.masked(exchange.bodyText, redactor, mask) : mask());
  const cut = {
    ...(request?.cut !== undefined ? { request: request.cut } : {}),
    ...(response.cut !== undefined ? { response: response.cut } : {}),
  };
  return {
    seq: exchange.seq,
    startedAt: exchange.startedAt ?? Date.now() - exchange.durationMs,
    durationMs: exchange.durationMs,
    method: exchange.request.method,
    url: redactor.url(exchange.request.url),
    requestHeaders,
    ...(request !== undefined ? { requestBody: request.text } : {}),
    status: exchange.status,
    responseHeaders,
    responseBody: response.text,
    responseBytes: Buffer.byteLength(exchange.bodyText),
    ...(Object.keys(cut).length > 0 ? { cut } : {}),
    ...(omitted ? { bodyOmitted: exchange.bodyText.length } : {}),
    ...(sentBy !== undefined ? { sentBy } : {}),
    ...(exchange.tokenRefreshed ? { tokenRefreshed: true as const } : {}),
  };
}

/**
 * The records of a run not yet handed on: each check takes those made since the last one ended
 * (check.ts puts them in its result's meta), so the whole traffic reaches the reports in pieces.
 * Bounded: past MAX_RECORDS a long walk's pages are counted, not kept.
 */
export class TrafficRecorder {
  private pending: TrafficRecord[] = [];
  private kept = 0;
  /** Exchanges past the bound, not in the HAR (said in its log comment). */
  dropped = 0;

  /** Characters of bodies kept so far (HAR_BODY_BUDGET bounds them). */
  private bodyChars = 0;

  /** The last body masked: an answer read again whole is masked once. */
  private readonly memo = new MaskedBodyMemo();

  /** Record an exchange: redacted now, or only counted when past MAX_RECORDS (then nothing of it is redacted). */
  recordExchange(exchange: Exchange, redactor: Redactor, sentBy: string | undefined): void {
    if (this.kept >= MAX_RECORDS) {
      this.dropped += 1;
      return;
    }
    this.record(toTrafficRecord(exchange, redactor, sentBy, { keepSuccessBody: this.bodyChars < HAR_BODY_BUDGET, memo: this.memo }));
  }

  record(record: TrafficRecord): void {
    if (this.kept >= MAX_RECORDS) {
      this.dropped += 1;
      return;
    }
    this.kept += 1;
    this.bodyChars += record.responseBody.length + (record.requestBody?.length ?? 0);
    this.pending.push(record);
  }

  drain(): TrafficRecord[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
}

/** Exchanges kept for the HAR: some 20 times a default run's traffic, a few hundred MB at most with every body at the cap. */
export const MAX_RECORDS = 20_000;
