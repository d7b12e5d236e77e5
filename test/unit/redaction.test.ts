import { describe, expect, test } from 'vitest';
import { toCurl } from '../../src/http/curl.js';
import { Redactor } from '../../src/http/redact.js';
import { maskAllButLastFour, maskDigitRuns } from '../../src/http/shape-mask.js';

const redactor = new Redactor([
  { value: 'tok-a-secret', placeholder: '$CONFORMANCE_TOKEN' },
  { value: 'tok-b-secret', placeholder: '$CONFORMANCE_TOKEN_B' },
]);

describe('redaction', () => {
  test('tokens become the variables that hold them, wherever they stand whole in a string', () => {
    expect(redactor.text('Bearer tok-a-secret and ?access_token=tok-b-secret')).toBe(
      'Bearer $CONFORMANCE_TOKEN and ?access_token=$CONFORMANCE_TOKEN_B',
    );
    expect(redactor.text('"tok-a-secret" (tok-a-secret). tok-a-secret/x')).toBe(
      '"$CONFORMANCE_TOKEN" ($CONFORMANCE_TOKEN). $CONFORMANCE_TOKEN/x',
    );
  });

  test('a text as long as the shortest secret is still searched, a shorter one is left as it is; a shorter secret added later counts', () => {
    const own = new Redactor([{ value: 'long-token-1234', placeholder: '$CONFORMANCE_TOKEN' }]);
    expect(own.text('long-token-1234')).toBe('$CONFORMANCE_TOKEN');
    expect(own.text('short-tok')).toBe('short-tok');
    own.addSecrets([{ value: 'short-tok', placeholder: '$CONFORMANCE_TOKEN_B' }]);
    expect(own.text('short-tok')).toBe('$CONFORMANCE_TOKEN_B');
    expect(own.secretsOnly('a short-tok b')).toBe('a $CONFORMANCE_TOKEN_B b');
  });

  test('a token inside another word or id is left alone: check ids and paths stay readable', () => {
    const words = new Redactor([
      { value: 'userbank', placeholder: '$CONFORMANCE_TOKEN' },
      { value: 'otherone', placeholder: '$CONFORMANCE_TOKEN_B' },
    ]);
    expect(words.text('auth.list-userbank-s isolation.get-user.otherone-callers /userbank_s x_otherone')).toBe(
      'auth.list-userbank-s isolation.get-user.otherone-callers /userbank_s x_otherone',
    );
    expect(words.text('token userbank refused')).toBe('token $CONFORMANCE_TOKEN refused');
  });

  test('the Authorization header shows the token as its variable wherever it stands in it', () => {
    expect(redactor.authorization('Bearer tok-a-secret')).toBe('Bearer $CONFORMANCE_TOKEN');
    expect(redactor.authorization('Token tok-a-secretX')).toBe('Token $CONFORMANCE_TOKENX');
    expect(redactor.authorization('bearer tok-b-secret')).toBe('bearer $CONFORMANCE_TOKEN_B');
  });

  test('a value that is not shaped like personal data is not masked in free text; cursors and paths replay', () => {
    const learning = new Redactor([]);
    // A mock's example values: "string" in every personal field, and as the cursor.
    learning.learnFrom({ data: [{ account_number: 'string', ssn: 'string', phone: 'string', email: 'string' }], next_cursor: 'string' });
    expect(learning.text('the cursor "string" never ends')).toBe('the cursor "string" never ends');
    expect(learning.url('http://127.0.0.1:1/user_banks?cursor=string&limit=2')).toBe('http://127.0.0.1:1/user_banks?cursor=string&limit=2');
    // Still masked where it stands in a personal field.
    expect(learning.json({ ssn: 'string' })).toEqual({ ssn: '[masked string, 6 chars]' });
    // Real personal values are learned and masked in free text, but not in a cursor, an id or a path.
    learning.learnFrom({ account_number: '00123456789', email: 'jane@example.com' });
    expect(learning.text('no bank 00123456789 for jane@example.com')).toBe('no bank *******6789 for [masked email, 16 chars]');
    expect(learning.url('http://127.0.0.1:1/users/00123456789?cursor=00123456789&account_number=00123456789')).toBe(
      'http://127.0.0.1:1/users/00123456789?cursor=00123456789&account_number=*******6789',
    );
    expect(learning.json({ next_cursor: '00123456789', id: '00123456789', note: '00123456789' })).toEqual({
      next_cursor: '00123456789',
      id: '00123456789',
      note: '*******6789',
    });
  });

  test('personal values are learned at any depth of a body, numbers as printed, values the suite sent never', () => {
    const learning = new Redactor([]);
    learning.noteSent({ account_number: '99988877766' });
    learning.learnFrom({ data: [{ owner: { contacts: [{ phone: '5551234567' }] }, ssn: 912345678, account_number: '99988877766' }] });
    expect(learning.text('call 5551234567 about 912345678')).toBe('call [masked phone, 10 chars] about [masked ssn, 9 chars]');
    expect(learning.text('sent 99988877766')).toBe('sent 99988877766');
  });

  test('personal data in JSON is masked by member name to its shape; account numbers keep the last 4 digits', () => {
    const user = {
      id: 'u1',
      ssn: '912345678',
      email: 'a@b.c',
      phone: '5551234567',
      date_of_birth: { date: 1, month: 2, year: 1990 },
      account_number: '0012345678',
    };
    const masked = redactor.json(user) as Record<string, unknown>;
    expect(masked.id).toBe('u1');
    expect(JSON.stringify(masked)).not.toContain('912345678');
    expect(JSON.stringify(masked)).not.toContain('5551234567');
    expect(JSON.stringify(masked)).not.toContain('a@b.c');
    expect(masked.ssn).toBe('[masked string, 9 chars]');
    expect(masked.date_of_birth).toEqual({
      date: '[masked number, 1 char]',
      month: '[masked number, 1 char]',
      year: '[masked number, 4 chars]',
    });
    expect(masked.account_number).toBe('******5678');
  });

  test('a good and a bad answer differ in the evidence wherever their shapes differ, never by a value', () => {
    const good = redactor.json({ date_of_birth: { date: 8, month: 3, year: 1990 }, phone: '5551234567', account_number: '0012345678' });
    const bad = redactor.json({ date_of_birth: '1990-03-08', phone: 5551234567, account_number: 12345678 });
    expect(good).toEqual({
      date_of_birth: { date: '[masked number, 1 char]', month: '[masked number, 1 char]', year: '[masked number, 4 chars]' },
      phone: '[masked string, 10 chars]',
      account_number: '******5678',
    });
    expect(bad).toEqual({
      date_of_birth: '[masked string, 10 chars]',
      phone: '[masked number, 10 chars]',
      account_number: '[masked number ****5678]',
    });
    expect(JSON.stringify(bad)).not.toMatch(/1990|555123/);
  });

  test('a personal member holding an object or an array is masked whole, to its member names and length', () => {
    const masked = redactor.json({ email: { address: 'jane@example.com', verified: true }, last_name: null, line1: ['1 Main', 'Apt 2'] });
    expect(masked).toEqual({
      email: { address: '[masked string, 16 chars]', verified: true },
      last_name: null,
      line1: ['[masked string, 6 chars]', '[masked string, 5 chars]'],
    });
  });

  test('--unmasked-evidence: personal data as it came, nothing learned to mask in free text; tokens still replaced', () => {
    const unmasked = new Redactor([{ value: 'tok-a-secret', placeholder: '$CONFORMANCE_TOKEN' }], { personalData: 'unmasked' });
    const user = {
      ssn: '912345678',
      email: 'jane@example.com',
      date_of_birth: { date: 8, month: 3, year: 1990 },
      account_number: '0012345678',
    };
    unmasked.learnFrom(user);
    expect(unmasked.json(user)).toEqual(user);
    expect(unmasked.json({ first_name: 'tok-a-secret' })).toEqual({ first_name: '$CONFORMANCE_TOKEN' });
    expect(unmasked.text('ssn 912345678 of jane@example.com')).toBe('ssn 912345678 of jane@example.com');
    expect(unmasked.body('<html>tok-a-secret 0012345678</html>')).toBe('<html>$CONFORMANCE_TOKEN 0012345678</html>');
    expect(unmasked.authorization('Bearer tok-a-secret')).toBe('Bearer $CONFORMANCE_TOKEN');
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
    expect(line).toBe(
      `curl -sS -i -X POST 'http://127.0.0.1:1/user_banks' -H "authorization: Bearer $CONFORMANCE_TOKEN" -H 'content-type: application/json' --data-raw '{"a":"it'\\''s"}'`,
    );
    expect(line).not.toContain('tok-a-secret');
  });
});
