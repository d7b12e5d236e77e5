/**
 * The run's traffic as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), for the tools a
 * person fixing the server already has: browser devtools, Charles, Insomnia, Playwright. Built once,
 * when the reports are written, from the run's records (already redacted as every other artifact:
 * src/http/traffic-record.ts) and its results: each entry says which checks sent or judged it and the
 * findings it evidences, in `_`-prefixed fields and its comment, and is found by its `_id`, the seq
 * the reports print beside a curl line ("HAR entry 12").
 */
import { STATUS_CODES } from 'node:http';
import type { TrafficRecord } from '../../http/traffic-record.js';
import { HAR_BODY_BUDGET, HAR_BODY_CAP } from '../../http/traffic-record.js';
import type { Results } from '../results.js';
import { unmaskedEvidenceWarning } from './unmasked-evidence.js';

interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  _id: number;
  _checks: string[];
  _findings: { check: string; severity: 'fail' | 'warn'; message: string }[];
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string; params: [] };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { blocked: number; dns: number; connect: number; send: number; wait: number; receive: number; ssl: number };
  comment?: string;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment: string;
    /** --unmasked-evidence: the bodies and URLs hold personal data as the target sent it. */
    _unmaskedEvidence?: true;
  };
}

/** Whose the entry is: the check that sent it, and every check whose evidence holds it. */
function checksOf(record: TrafficRecord, results: Results): string[] {
  const ids = new Set<string>(record.sentBy !== undefined ? [record.sentBy] : []);
  for (const check of results.checks) if (check.exchanges.some((e) => e.seq === record.seq)) ids.add(check.id);
  return [...ids];
}

const headerValue = (headers: [string, string][], name: string): string | undefined => headers.find(([n]) => n.toLowerCase() === name)?.[1];

function queryOf(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function entryOf(record: TrafficRecord, results: Results, findingsBySeq: Map<number, HarEntry['_findings']>): HarEntry {
  const findings = findingsBySeq.get(record.seq) ?? [];
  const checks = checksOf(record, results);
  const notes: string[] = [];
  if (record.sentBy !== undefined) notes.push(`sent by ${record.sentBy}`);
  else if (results.preflight !== undefined && record.seq <= results.preflight.length) notes.push('sent by the preflight');
  for (const finding of findings) notes.push(`${finding.severity.toUpperCase()} ${finding.check}: ${finding.message}`);
  if (record.cut?.request !== undefined) notes.push(`request body cut at ${HAR_BODY_CAP} of ${record.cut.request} characters`);
  if (record.cut?.response !== undefined) notes.push(`response body cut at ${HAR_BODY_CAP} of ${record.cut.response} characters`);
  if (record.bodyOmitted !== undefined)
    notes.push(`response body of ${record.bodyOmitted} characters not kept: the HAR's bodies had reached ${HAR_BODY_BUDGET} characters`);
  if (record.tokenRefreshed)
    notes.push('401 to a token that had worked: a new token was obtained and the request sent again (the next entry)');
  const requestType = headerValue(record.requestHeaders, 'content-type') ?? 'application/json';
  const responseType = headerValue(record.responseHeaders, 'content-type') ?? '';
  return {
    _id: record.seq,
    _checks: checks,
    _findings: findings,
    startedDateTime: new Date(record.startedAt).toISOString(),
    time: record.durationMs,
    request: {
      method: record.method,
      url: record.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: record.requestHeaders.filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => ({ name, value })),
      queryString: queryOf(record.url),
      ...(record.requestBody !== undefined ? { postData: { mimeType: requestType, text: record.requestBody, params: [] } } : {}),
      headersSize: -1,
      bodySize: record.requestBody === undefined ? 0 : Buffer.byteLength(record.requestBody),
    },
    response: {
      status: record.status,
      statusText: STATUS_CODES[record.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      // The recorded length is the body before redaction: a tool replaying this text would cut it or wait for more.
      headers: record.responseHeaders.filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => ({ name, value })),
      content: {
        size: record.responseBytes,
        mimeType: responseType,
        text: record.responseBody,
        ...(record.cut?.response !== undefined ? { comment: `cut at ${HAR_BODY_CAP} of ${record.cut.response} characters` } : {}),
        ...(record.bodyOmitted !== undefined
          ? { comment: `not kept (${record.bodyOmitted} characters): the run's HAR body budget was spent` }
          : {}),
      },
      // The client never follows a redirect: the Location is what the server answered.
      redirectURL: headerValue(record.responseHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: record.responseBytes,
    },
    cache: {},
    // Only the whole is measured: the time from sending to the last byte of the answer.
    timings: { blocked: -1, dns: -1, connect: -1, send: 0, wait: record.durationMs, receive: 0, ssl: -1 },
    ...(notes.length > 0 ? { comment: notes.join('; ') } : {}),
  };
}

export function toHar(results: Results, records: readonly TrafficRecord[], dropped = 0): Har {
  const findingsBySeq = new Map<number, HarEntry['_findings']>();
  for (const check of results.checks) {
    for (const finding of check.findings) {
      if (finding.exchange === undefined) continue;
      const list = findingsBySeq.get(finding.exchange) ?? [];
      list.push({ check: check.id, severity: finding.severity, message: finding.message });
      findingsBySeq.set(finding.exchange, list);
    }
  }
  const entries = [...records].sort((a, b) => a.seq - b.seq).map((record) => entryOf(record, results, findingsBySeq));
  const unmasked = unmaskedEvidenceWarning(results);
  const bound = dropped > 0 ? `; ${dropped} later exchanges are not in it (the HAR keeps the first ${entries.length})` : '';
  return {
    log: {
      version: '1.2',
      creator: { name: 'banklink-conformance', version: results.suiteVersion },
      entries,
      comment: `${unmasked === undefined ? '' : `WARNING: ${unmasked} `}${results.verdict} run of ${results.target.baseUrl} at ${results.startedAt}, seed ${results.seed}: every exchange, ${unmasked === undefined ? 'redacted (personal data masked to its shape)' : 'tokens replaced, personal data NOT masked'}; an entry's _id is the "HAR entry" number the reports print beside a curl line${bound}`,
      ...(results.unmaskedEvidence ? { _unmaskedEvidence: true } : {}),
    },
  };
}
