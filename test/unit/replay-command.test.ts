/**
 * The replay line names every option that changes what is sent, so running it sends the same
 * requests again; tokens are never in it, not even as variables (the note says where they come from).
 */
import { describe, expect, test } from 'vitest';
import { toHtml } from '../../src/results/report/html.js';
import { toMarkdown } from '../../src/results/report/markdown.js';
import { buildResults } from '../../src/results/results.js';
import { replayCommand, replayNote } from '../../src/results/report/wording.js';

const base = { startedAt: new Date(0), durationMs: 1, seed: 42, runs: 25, strict: false, checkResults: [], errors: [] };

describe('replayCommand', () => {
  test('a real target: base URL, both Users, write budget, seed and runs; the tokens named in the note', () => {
    const results = buildResults({
      ...base,
      target: { baseUrl: 'https://staging.example.test/v1', embedded: false, userId: 'usr_123', userIdB: "o'brien 2", secondCaller: true },
      readOnly: true,
      maxWrites: 7,
    });
    const line = replayCommand(results);
    expect(line).toBe(
      `npm run conformance -- --report-dir reports/replay --base-url https://staging.example.test/v1 --user-id usr_123 --user-id-b 'o'\\''brien 2' --seed 42 --runs 25 --read-only --max-writes 7`,
    );
    expect(line).not.toContain('--token');
    expect(replayNote(results)).toContain('CONFORMANCE_TOKEN_B');
    expect(toMarkdown(results)).toContain(line);
    expect(toMarkdown(results)).toContain(replayNote(results));
    expect(toHtml(results)).toContain('--user-id usr_123');
    expect(toHtml(results)).toContain('--max-writes 7');
  });

  test('without a second caller there is no --token-b; the embedded reference needs no Users', () => {
    const real = buildResults({
      ...base,
      target: { baseUrl: 'http://127.0.0.1:9', embedded: false, userId: 'u1', secondCaller: false },
      readOnly: false,
      maxWrites: 150,
    });
    expect(replayNote(real)).not.toContain('CONFORMANCE_TOKEN_B');
    expect(replayCommand(real)).toContain('--user-id u1');
    const embedded = buildResults({ ...base, target: { baseUrl: 'http://127.0.0.1:9', embedded: true }, readOnly: false, maxWrites: 150 });
    expect(replayCommand(embedded)).toBe('npm run conformance -- --report-dir reports/replay --seed 42 --runs 25 --max-writes 150');
  });
});
