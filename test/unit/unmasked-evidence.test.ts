/**
 * --unmasked-evidence (issue 56): every output of a run with it carries the same warning, in its
 * own format; none of a run without it does; a merge of shards keeps it if any shard had it.
 */
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { checks as registered } from '../../src/contract/checks/registry.js';
import { validate } from '../../src/contract/schema/validator.js';
import { mergeResults } from '../../src/results/merge/merge-results.js';
import { summaryText } from '../../src/results/report/console.js';
import { stepSummary } from '../../src/results/report/github-actions.js';
import { toHar } from '../../src/results/report/har.js';
import { toHtml } from '../../src/results/report/html.js';
import { toJunit } from '../../src/results/report/junit.js';
import { toMarkdown } from '../../src/results/report/markdown.js';
import { UNMASKED_EVIDENCE_WARNING } from '../../src/results/report/unmasked-evidence.js';
import { buildResults, type Results } from '../../src/results/results.js';

const PLAIN = { red: (t: string) => t, green: (t: string) => t, yellow: (t: string) => t, bold: (t: string) => t };

function resultsWith(unmasked: boolean): Results {
  return buildResults({
    target: { baseUrl: 'http://127.0.0.1:1', embedded: true },
    startedAt: new Date('2026-01-01T00:00:00Z'),
    durationMs: 10,
    seed: 1,
    runs: 25,
    readOnly: false,
    strict: false,
    ...(unmasked ? { unmaskedEvidence: true as const } : {}),
    checkResults: registered.map((c) => ({
      id: c.id,
      outcome: 'pass' as const,
      message: 'ok',
      findings: [],
      exchanges: [],
      exchangeCount: 0,
      created: [],
      durationMs: 1,
    })),
    errors: [],
  });
}

/** Every output of a run, as text. */
const outputs = (results: Results): Record<string, string> => ({
  console: summaryText(results, PLAIN, ['reports/results.json']).replace(/\s+/g, ' '),
  'results.json': JSON.stringify(results),
  'report.md': toMarkdown(results),
  'report.html': toHtml(results),
  'junit.xml': toJunit(results),
  'traffic.har': JSON.stringify(toHar(results, [])),
  'step summary': stepSummary(results),
});

describe('--unmasked-evidence in every output', () => {
  test('each output of a run with it says so, in the same words; results.json and the HAR are still valid', () => {
    const results = resultsWith(true);
    for (const [name, text] of Object.entries(outputs(results))) {
      if (name === 'results.json') expect(text, name).toContain('"unmaskedEvidence":true');
      else if (name === 'report.html' || name === 'junit.xml') expect(text, name).toContain('UNMASKED EVIDENCE (--unmasked-evidence)');
      else expect(text, name).toContain(UNMASKED_EVIDENCE_WARNING);
    }
    expect(toMarkdown(results).split('\n').slice(0, 4).join('\n')).toContain(`> **WARNING: ${UNMASKED_EVIDENCE_WARNING}**`);
    expect(validate('results', results)).toEqual([]);
    expect(validate('har', toHar(results, []))).toEqual([]);
    expect(XMLValidator.validate(toJunit(results))).toBe(true);
  });

  test('no output of a run without it mentions it', () => {
    for (const [name, text] of Object.entries(outputs(resultsWith(false)))) expect(text, name).not.toContain('UNMASKED EVIDENCE');
  });

  test('a merge of shards is unmasked when any shard was', () => {
    expect(mergeResults([resultsWith(false), resultsWith(true)]).unmaskedEvidence).toBe(true);
    expect(mergeResults([resultsWith(false), resultsWith(false)]).unmaskedEvidence).toBeUndefined();
  });
});
