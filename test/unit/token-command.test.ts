/** The token a command prints, and when a TokenSource runs it again: real shell commands, no stand-ins. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseTokenOutput, runTokenCommand, TokenCommandError } from '../../src/http/token-command.js';
import { refreshMargin, TokenSource } from '../../src/http/token-source.js';

describe('parseTokenOutput', () => {
  test('a bare token on its first line, and OAuth JSON with expires_in in seconds', () => {
    expect(parseTokenOutput('tok-123456789\n', 0)).toEqual({ token: 'tok-123456789' });
    expect(parseTokenOutput('{"access_token":"tok-123456789","expires_in":60,"token_type":"Bearer"}', 1_000)).toEqual({
      token: 'tok-123456789',
      expiresAt: 61_000,
    });
    expect(parseTokenOutput('{"access_token":"tok-123456789","expires_in":"30"}', 0)?.expiresAt).toBe(30_000);
    expect(parseTokenOutput('{"access_token":"tok-123456789"}', 0)).toEqual({ token: 'tok-123456789' });
  });
  test('nothing, JSON without access_token, and broken JSON are no token', () => {
    expect(parseTokenOutput('  \n', 0)).toBeUndefined();
    expect(parseTokenOutput('{"expires_in":60}', 0)).toBeUndefined();
    expect(parseTokenOutput('{"access_token":', 0)).toBeUndefined();
  });
  test('a token is replaced a fifth of its life before its end, between 1 and 60 seconds before', () => {
    expect(refreshMargin(2_500)).toBe(1_000);
    expect(refreshMargin(60_000)).toBe(12_000);
    expect(refreshMargin(3_600_000)).toBe(60_000);
  });
});

describe('runTokenCommand', () => {
  test('a command that does not end in time is killed and said so', async () => {
    const started = Date.now();
    await expect(runTokenCommand('sleep 20', '--token-command', 300)).rejects.toThrow(/\(sleep 20\) did not end within 0 s/);
    // Killed with what it started, not waited for (the sleep holds the output open).
    expect(Date.now() - started).toBeLessThan(10_000);
  });
  test('a failure never quotes what the command printed', async () => {
    const failure = await runTokenCommand('echo secret-printed-4411; echo more >&2; exit 5', '--token-command').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TokenCommandError);
    expect((failure as Error).message).toMatch(/exited with code 5/);
    expect((failure as Error).message.replace('echo secret-printed-4411', '')).not.toContain('secret-printed-4411');
  });
});

describe('TokenSource', () => {
  /** A command that prints a new token each time it runs (a counter in a file) and how often it ran. */
  const counting = (): { command: string; runs: () => number } => {
    const file = join(mkdtempSync(join(tmpdir(), 'blc-token-')), 'n');
    writeFileSync(file, '0');
    return {
      command: `n=$(($(cat '${file}') + 1)); echo $n > '${file}'; echo token-number-$n`,
      runs: () => Number(readFileSync(file, 'utf8')),
    };
  };

  test('a 401 to a token that had worked obtains a new one once, shared by every request that met it', async () => {
    const { command, runs } = counting();
    const told: string[] = [];
    const source = new TokenSource({ token: 'token-number-0', served: true }, { command, named: '--token-command' }, (t) => told.push(t));
    const [first, second] = await Promise.all([source.afterRefusal('token-number-0'), source.afterRefusal('token-number-0')]);
    expect([first, second]).toEqual(['token-number-1', 'token-number-1']);
    expect(runs()).toBe(1);
    expect(told).toEqual(['token-number-1']);
    expect(await source.current()).toBe('token-number-1');
    // The fresh token never worked: its 401 is the server's answer, not an expiry.
    expect(await source.afterRefusal('token-number-1')).toBeUndefined();
    expect(runs()).toBe(1);
    source.servedWith('token-number-1');
    expect(await source.afterRefusal('token-number-1')).toBe('token-number-2');
    expect(source.refreshes).toBe(2);
  });

  test('a token that never worked, or one given as a string, is never refreshed', async () => {
    const { command, runs } = counting();
    expect(
      await new TokenSource({ token: 'token-number-0' }, { command, named: '--token-command' }).afterRefusal('token-number-0'),
    ).toBeUndefined();
    expect(await new TokenSource({ token: 'static-token', served: true }, undefined).afterRefusal('static-token')).toBeUndefined();
    expect(runs()).toBe(0);
  });

  test('a token near its told expiry is replaced before it is sent', async () => {
    const { command, runs } = counting();
    const source = new TokenSource({ token: 'token-number-0', expiresAt: Date.now() + 500 }, { command, named: '--token-command' });
    expect(await source.current()).toBe('token-number-1');
    expect(runs()).toBe(1);
    const far = new TokenSource({ token: 'token-number-9', expiresAt: Date.now() + 3_600_000 }, { command, named: '--token-command' });
    expect(await far.current()).toBe('token-number-9');
    expect(runs()).toBe(1);
  });
});
