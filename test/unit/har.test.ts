/** A HAR entry's body past the cap is cut and says so; the record keeps the redaction of the evidence. */
import { describe, expect, test } from 'vitest';
import { Redactor } from '../../src/http/redact.js';
import { HAR_BODY_BUDGET, HAR_BODY_CAP, toTrafficRecord, TrafficRecorder } from '../../src/http/traffic-record.js';
import { toHar } from '../../src/results/report/har.js';
import type { Results } from '../../src/results/results.js';
import { validate } from '../../src/contract/schema/validator.js';

const token = 'secret-token-5b1e0c7a';
const exchange = (body: string) => ({
  seq: 7,
  request: { method: 'GET', url: 'http://127.0.0.1:1/user_banks?limit=100', headers: { authorization: `Bearer ${token}` } },
  status: 200,
  headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  bodyText: body,
  json: undefined,
  durationMs: 12,
  throttledRetries: 0,
  startedAt: Date.UTC(2026, 0, 1),
});
const results = {
  checks: [],
  verdict: 'conformant',
  target: { baseUrl: 'http://127.0.0.1:1', embedded: false },
  suiteVersion: '0.1.0',
  startedAt: '2026-01-01T00:00:00.000Z',
  seed: 1,
} as unknown as Results;

describe('a HAR entry', () => {
  test('a body past the cap is cut at it, and its comment and content say how long it was', () => {
    const long = `"${'x'.repeat(HAR_BODY_CAP + 500)}"`;
    const record = toTrafficRecord(exchange(long), new Redactor([{ value: token, placeholder: '$CONFORMANCE_TOKEN' }]), 'users.get.schema');
    expect(record.responseBody.length).toBe(HAR_BODY_CAP);
    const [entry] = toHar(results, [record]).log.entries;
    expect(entry?.response.content.comment).toBe(`cut at ${HAR_BODY_CAP} of ${long.length} characters`);
    expect(entry?.comment).toContain(`response body cut at ${HAR_BODY_CAP} of ${long.length} characters`);
    expect(entry?.response.content.size).toBe(long.length);
    expect(validate('har', toHar(results, [record]))).toEqual([]);
  });

  test("past the run's body budget a 2xx answer's body is left out and its entry says so; an error answer's body is still kept", () => {
    const redactor = new Redactor([{ value: token, placeholder: '$CONFORMANCE_TOKEN' }]);
    const recorder = new TrafficRecorder();
    recorder.recordExchange(exchange('{"data":[],"next_cursor":null}'), redactor, undefined);
    recorder.record({ ...toTrafficRecord(exchange('""'), redactor, undefined), seq: 8, responseBody: 'x'.repeat(HAR_BODY_BUDGET) });
    const page = '{"data":[],"next_cursor":"abc"}';
    recorder.recordExchange({ ...exchange(page), seq: 9, json: JSON.parse(page) }, redactor, undefined);
    recorder.recordExchange({ ...exchange('{"error":"no"}'), seq: 10, status: 400 }, redactor, undefined);
    const [first, , omitted, refused] = recorder.drain();
    expect(first?.responseBody).toBe('{"data":[],"next_cursor":null}');
    expect(omitted?.responseBody).toBe('');
    expect(omitted?.bodyOmitted).toBe(page.length);
    expect(refused?.responseBody).toBe('{"error":"no"}');
    const entry = toHar(results, omitted ? [omitted] : []).log.entries[0];
    expect(entry?.comment).toContain(`response body of ${page.length} characters not kept`);
    expect(validate('har', toHar(results, omitted ? [omitted] : []))).toEqual([]);
  });

  test('an answer read again whole is masked as it was while the redactor learned nothing, and afresh once it learned a value it holds', () => {
    const redactor = new Redactor([{ value: token, placeholder: '$CONFORMANCE_TOKEN' }]);
    const recorder = new TrafficRecorder();
    const page = '{"data":[{"id":"ub_1","routing_number":"021000021","note":"call 5551234567"}],"next_cursor":null}';
    const read = (seq: number) => recorder.recordExchange({ ...exchange(page), seq, json: JSON.parse(page) }, redactor, undefined);
    read(1);
    read(2);
    redactor.learnFrom({ phone: '5551234567' });
    read(3);
    const [first, again, afterLearning] = recorder.drain().map((r) => r.responseBody);
    expect(first).toBe(page);
    expect(again).toBe(first);
    expect(afterLearning).toBe(page.replace('5551234567', '[masked phone, 10 chars]'));
    expect(afterLearning).toBe(toTrafficRecord({ ...exchange(page), json: JSON.parse(page) }, redactor, undefined).responseBody);
  });

  test('a body within the cap is whole; the token is its variable; the recorded length of the raw body is not claimed for the redacted one', () => {
    const record = toTrafficRecord(
      exchange('{"data":[],"next_cursor":null}'),
      new Redactor([{ value: token, placeholder: '$CONFORMANCE_TOKEN' }]),
      undefined,
    );
    const [entry] = toHar(results, [record]).log.entries;
    expect(entry?.response.content.text).toBe('{"data":[],"next_cursor":null}');
    expect(entry?.response.content.comment).toBeUndefined();
    expect(entry?.request.headers).toContainEqual({ name: 'authorization', value: 'Bearer $CONFORMANCE_TOKEN' });
    expect(entry?.response.headers.map((h) => h.name)).not.toContain('content-length');
    expect(entry?.request.queryString).toEqual([{ name: 'limit', value: '100' }]);
    expect(JSON.stringify(entry)).not.toContain(token);
  });
});
