import { describe, expect, test } from 'vitest';
import { toCurl } from '../../src/http/curl.js';
import { Redactor, maskAllButLastFour, maskDigitRuns } from '../../src/http/redact.js';

const redactor = new Redactor([
  { value: 'tok-a-secret', placeholder: '$CONFORMANCE_TOKEN' },
  { value: 'tok-b-secret', placeholder: '$CONFORMANCE_TOKEN_B' },
]);

describe('redaction', () => {
  test('tokens become the variables that hold them, everywhere in a string', () => {
    expect(redactor.text('Bearer tok-a-secret and ?access_token=tok-b-secret')).toBe('Bearer $CONFORMANCE_TOKEN and ?access_token=$CONFORMANCE_TOKEN_B');
  });

  test('personal data in JSON is masked by member name; account numbers keep the last 4 digits', () => {
    const user = { id: 'u1', ssn: '912345678', email: 'a@b.c', phone: '5551234567', date_of_birth: { date: 1, month: 2, year: 1990 }, account_number: '0012345678' };
    const masked = redactor.json(user) as Record<string, unknown>;
    expect(masked.id).toBe('u1');
    expect(JSON.stringify(masked)).not.toContain('912345678');
    expect(JSON.stringify(masked)).not.toContain('5551234567');
    expect(JSON.stringify(masked)).not.toContain('a@b.c');
    expect(masked.date_of_birth).toBe('[masked]');
    expect(masked.account_number).toBe('******5678');
  });

  test('a body that is not JSON has long digit runs masked', () => {
    expect(maskDigitRuns('ssn 912345678 zip 62701')).toBe('ssn *****5678 zip 62701');
    expect(redactor.body('<html>tok-a-secret 0012345678</html>')).toBe('<html>$CONFORMANCE_TOKEN ******5678</html>');
    expect(maskAllButLastFour('123')).toBe('***');
  });

  test('a curl line carries the token as a shell variable, quoted so the shell expands it', () => {
    const line = toCurl({
      method: 'POST',
      url: 'http://127.0.0.1:1/user_banks',
      headers: { authorization: redactor.text('Bearer tok-a-secret'), 'content-type': 'application/json' },
      body: `{"a":"it's"}`,
    });
    expect(line).toBe(`curl -sS -i -X POST 'http://127.0.0.1:1/user_banks' -H "authorization: Bearer $CONFORMANCE_TOKEN" -H 'content-type: application/json' --data-raw '{"a":"it'\\''s"}'`);
    expect(line).not.toContain('tok-a-secret');
  });
});
