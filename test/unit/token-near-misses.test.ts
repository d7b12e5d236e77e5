import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { toCurl } from '../../src/http/curl.js';
import { redactorFor } from '../../src/harness/secrets.js';
import { tokenNearMisses } from '../../src/harness/token-near-misses.js';

const token = 'ref-token-acme-7f3a9c2e51d84b06';

describe('token near-misses', () => {
  test('each differs from the token by one edit, case, or is its first half; none is the token', () => {
    const misses = tokenNearMisses(token, 'CONFORMANCE_TOKEN');
    const values = misses.map((m) => m.value);
    expect(values).not.toContain(token);
    expect(values).toContain(token.slice(0, -1));
    expect(values).toContain(token.slice(1));
    expect(values).toContain(`${token}0`);
    expect(values).toContain(`0${token}`);
    expect(values).toContain(token.toUpperCase());
    expect(values).toContain(token.slice(0, 16));
    for (const v of values) expect(v.toLowerCase() === token.toLowerCase() && v !== token.toUpperCase()).toBe(false);
    expect(new Set(values).size).toBe(values.length);
  });

  test('a short token gets none (they would be secrets too short to redact safely)', () => {
    expect(tokenNearMisses('abc1234', 'CONFORMANCE_TOKEN')).toEqual([]);
  });

  test('bash expands every placeholder to the near-miss it stands for, so a curl line replays', () => {
    const misses = tokenNearMisses(token, 'CONFORMANCE_TOKEN');
    const script = misses.map((m) => `printf '%s\\n' "${m.placeholder}"`).join('\n');
    const expanded = execFileSync('bash', ['--norc', '--noprofile', '-c', script], {
      env: { CONFORMANCE_TOKEN: token, PATH: process.env.PATH ?? '' },
    })
      .toString()
      .split('\n');
    misses.forEach((miss, i) => expect(expanded[i], miss.name).toBe(miss.value));
  });

  test('the redactor prints no near-miss, and the curl line double-quotes its placeholder', () => {
    const redactor = redactorFor({ tokenA: token });
    for (const miss of tokenNearMisses(token, 'CONFORMANCE_TOKEN')) {
      const header = redactor.text(`Bearer ${miss.value}`);
      expect(header).toBe(`Bearer ${miss.placeholder}`);
      expect(header).not.toContain(token.slice(2, 12));
      const curl = toCurl({ method: 'GET', url: 'http://127.0.0.1/user_banks', headers: { authorization: header } });
      expect(curl).toContain(`"authorization: Bearer ${miss.placeholder}"`);
    }
    expect(redactor.text(`Bearer ${token}`)).toBe('Bearer $CONFORMANCE_TOKEN');
  });
});
