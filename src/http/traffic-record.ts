/**
 * Every exchange of a run as the HAR will show it (src/results/report/har.ts), redacted exactly as the
 * evidence is (evidence.ts), every header kept, bodies cut at a cap. An exchange is kept raw until the
 * HAR is written and masked then, once: the raw bytes never leave the process, and the masking walk
 * costs nothing on the pages of a walk as they pass. Masked later, a body is masked with all the
 * redactor learned by then, which is as much as it knew when the page came and maybe more. What is
 * held stays bounded as before: a body longer than the cap is masked and cut at once (so no body of
 * many megabytes is held), and past HAR_BODY_BUDGET characters a 2xx answer's body is not kept.
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

/** An exchange held raw until the HAR is written: its parsed value let go (the text is parsed again then). */
interface HeldExchange {
  exchange: Exchange;
  redactor: Redactor;
  sentBy: string | undefined;
}

/** One entry of the run's traffic as held: made already (the preflight's, a body past the cap), or raw until written. */
export type HeldTraffic = { record: TrafficRecord } | { held: HeldExchange };

/**
 * The HAR's records of held traffic, masked now, in the order it came. A 2xx body is kept while the
 * bodies masked before it are under HAR_BODY_BUDGET, as when every page was masked as it came.
 */
export function maskHeld(traffic: readonly HeldTraffic[]): TrafficRecord[] {
  const memo = new MaskedBodyMemo();
  let bodyChars = 0;
  return traffic.map((entry) => {
    const record =
      'record' in entry
        ? entry.record
        : toTrafficRecord(entry.held.exchange, entry.held.redactor, entry.held.sentBy, {
            keepSuccessBody: bodyChars < HAR_BODY_BUDGET,
            memo,
          });
    bodyChars += record.responseBody.length + (record.requestBody?.length ?? 0);
    return record;
  });
}

/**
 * The traffic of a run not yet handed on: the engine takes it when the run ends (check-engine.ts),
 * and the reports mask it as they write the HAR. Bounded: past MAX_RECORDS a long walk's pages are
 * counted, not kept.
 */
export class TrafficRecorder {
  private pending: HeldTraffic[] = [];
  private kept = 0;
  /** Exchanges past the bound, not in the HAR (said in its log comment). */
  dropped = 0;

  /** Characters of bodies held so far, raw or masked (HAR_BODY_BUDGET bounds them). */
  private bodyChars = 0;

  /** Record an exchange: held raw, or made now (see below), or only counted when past MAX_RECORDS. */
  recordExchange(exchange: Exchange, redactor: Redactor, sentBy: string | undefined): void {
    if (this.kept >= MAX_RECORDS) {
      this.dropped += 1;
      return;
    }
    const keepSuccessBody = this.bodyChars < HAR_BODY_BUDGET;
    const omitted = !keepSuccessBody && exchange.status >= 200 && exchange.status < 300 && exchange.bodyText.length > 0;
    // Made now when there is no body to mask (past the budget) or one too long to hold raw (past the cap).
    if (omitted || exchange.bodyText.length > HAR_BODY_CAP || (exchange.request.body?.length ?? 0) > HAR_BODY_CAP) {
      this.record(toTrafficRecord(exchange, redactor, sentBy, { keepSuccessBody }));
      return;
    }
    this.kept += 1;
    this.bodyChars += exchange.bodyText.length + (exchange.request.body?.length ?? 0);
    // The parsed value is let go: the text is what is masked, parsed again.
    this.pending.push({ held: { exchange: { ...exchange, json: undefined }, redactor, sentBy } });
  }

  record(record: TrafficRecord): void {
    if (this.kept >= MAX_RECORDS) {
      this.dropped += 1;
      return;
    }
    this.kept += 1;
    this.bodyChars += record.responseBody.length + (record.requestBody?.length ?? 0);
    this.pending.push({ record });
  }

  /** The traffic held since the last take, raw: maskHeld makes its records. */
  takeHeld(): HeldTraffic[] {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /** The records made since the last take, masked now. */
  drain(): TrafficRecord[] {
    return maskHeld(this.takeHeld());
  }
}

/** Exchanges kept for the HAR: some 20 times a default run's traffic, a few hundred MB at most with every body at the cap. */
export const MAX_RECORDS = 20_000;
