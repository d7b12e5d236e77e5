/** A HAR entry's body past the cap is cut and says so; the record keeps the redaction of the evidence. */
import { describe, expect, test } from 'vitest';
import { Redactor } from '../../src/http/redact.js';
import { HAR_BODY_BUDGET, HAR_BODY_CAP, maskHeld, toTrafficRecord, TrafficRecorder } from '../../src/http/traffic-record.js';
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

  test('an answer read again whole is masked once as the HAR is written, with every value the redactor learned by then', () => {
    const redactor = new Redactor([{ value: token, placeholder: '$CONFORMANCE_TOKEN' }]);
    const recorder = new TrafficRecorder();
    const page = '{"data":[{"id":"ub_1","routing_number":"021000021","note":"call 5551234567"}],"next_cursor":null}';
    const read = (seq: number) => recorder.recordExchange({ ...exchange(page), seq, json: JSON.parse(page) }, redactor, undefined);
    read(1);
    read(2);
    redactor.learnFrom({ phone: '5551234567' });
    read(3);
    const bodies = recorder.drain().map((r) => r.responseBody);
    // Pages recorded before the value was learned are masked as well: they were held raw until now.
    expect(bodies).toEqual([1, 2, 3].map(() => page.replace('5551234567', '[masked phone, 10 chars]')));
    expect(bodies[0]).toBe(toTrafficRecord({ ...exchange(page), json: JSON.parse(page) }, redactor, undefined).responseBody);
  });

  test('entries are held raw as they come, and the HAR written from them masks personal values and the token', () => {
    const redactor = new Redactor([{ value: token, placeholder: '$CONFORMANCE_TOKEN' }]);
    const recorder = new TrafficRecorder();
    const person = { ssn: '123456789', email: 'jane.doe@example.com', phone: '5551234567', first_name: 'Jane' };
    const user = JSON.stringify({ id: 'usr_1', ...person, note: `token ${token}` });
    const bank = JSON.stringify({ data: [{ id: 'ub_1', account_number: '000123456789', routing_number: '021000021' }], next_cursor: null });
    for (const [seq, body] of [user, bank].entries()) {
      redactor.learnFrom(JSON.parse(body));
      recorder.recordExchange({ ...exchange(body), seq: seq + 1, json: JSON.parse(body) }, redactor, 'users.get.schema');
    }
    const held = recorder.takeHeld();
    // Nothing was masked as the pages passed: the raw bytes are what is held, in this process only.
    expect(JSON.stringify(held)).toContain(person.ssn);
    expect(JSON.stringify(held)).toContain(token);
    const written = JSON.stringify(toHar(results, maskHeld(held)));
    for (const value of [...Object.values(person), '000123456789', token]) expect(written).not.toContain(value);
    expect(written).toContain('[masked string, 9 chars]');
    expect(written).toContain('********6789');
    expect(written).toContain('Bearer $CONFORMANCE_TOKEN');
    // The same records as masking each page as it came, when nothing was learned in between.
    const eager = [user, bank].map((body, seq) =>
      toTrafficRecord({ ...exchange(body), seq: seq + 1, json: JSON.parse(body) }, redactor, 'users.get.schema'),
    );
    expect(maskHeld(held)).toEqual(eager);
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
