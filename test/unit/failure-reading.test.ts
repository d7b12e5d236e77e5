/**
 * A failure reads as what went wrong (issue 42, point 6): a one-line headline from the finding
 * (expected, seen, where), a check title of at most 90 characters with its longer description kept,
 * each finding with the curl line of its own request, findings said twice merged; the HTML report
 * has a "Not checked" section near the top and a banner that names reduced coverage.
 */
import { describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import type { CheckResult, Finding } from '../../src/contract/checks/types.js';
import type { ExchangeEvidence } from '../../src/http/evidence.js';
import { headline, mergedFindings } from '../../src/results/report/headline.js';
import { toHtml } from '../../src/results/report/html.js';
import { toMarkdown } from '../../src/results/report/markdown.js';
import { buildResults, type Results } from '../../src/results/results.js';
import { validate } from '../../src/contract/schema/validator.js';

const page = (seq: number, cursor?: string): ExchangeEvidence => {
  const url = `http://127.0.0.1:1/user_banks?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
  return {
    seq,
    method: 'GET',
    url,
    requestHeaders: { authorization: 'Bearer $CONFORMANCE_TOKEN' },
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{"data":[],"next_cursor":null}',
    durationMs: 2,
    curl: `curl -sS -i '${url}' -H "authorization: Bearer $CONFORMANCE_TOKEN"`,
  };
};

const onPageFour: Finding = {
  severity: 'fail',
  message: 'a page held more items than its limit',
  expected: 'at most 2 items',
  actual: '3 items',
  exchange: 4,
};

function resultsWith(
  id: string,
  findings: Finding[],
  others: Partial<Record<string, CheckResult['outcome']>> = {},
  readOnly = false,
): Results {
  const checkResults: CheckResult[] = checks.map((c) => {
    const outcome = c.id === id ? 'fail' : (others[c.id] ?? 'pass');
    return {
      id: c.id,
      outcome,
      message: c.id === id ? 'the limit was not honoured' : outcome === 'skip' ? 'pass --token-b to enable it' : 'ok',
      findings: c.id === id ? findings : [],
      exchanges: c.id === id ? [page(1), page(4, 'abc%3D')] : [],
      exchangeCount: c.id === id ? 2 : 0,
      created: [],
      durationMs: 1,
    };
  });
  return buildResults({
    target: { baseUrl: 'http://127.0.0.1:1', embedded: false, userId: 'usr_1', secondCaller: false },
    startedAt: new Date('2026-01-02T03:04:05Z'),
    durationMs: 10,
    seed: 1,
    runs: 25,
    readOnly,
    strict: false,
    checkResults,
    errors: [],
  });
}

describe('titles', () => {
  test('every check title is at most 90 characters; the long statements are kept as descriptions', () => {
    expect(checks.filter((c) => c.title.length > 90).map((c) => `${c.id} (${c.title.length})`)).toEqual([]);
    expect(checks.filter((c) => c.description !== undefined).length).toBeGreaterThan(40);
  });
});

describe('a failure', () => {
  test('is headed by expected, seen and where, from its finding, in one line', () => {
    const results = resultsWith('pagination.limit.honoured', [onPageFour]);
    const check = results.checks.find((c) => c.id === 'pagination.limit.honoured')!;
    expect(headline(check)).toBe('expected at most 2 items, saw 3 items at GET /user_banks?limit=2&cursor=abc%3D');
    expect(validate('results', results)).toEqual([]);
    const html = toHtml(results);
    expect(html).toContain(`<span class="headline">${headline(check).replace(/&/g, '&amp;')}</span>`);
    expect(toMarkdown(results)).toContain(`### FAIL \`pagination.limit.honoured\`: ${headline(check)}`);
  });

  test('each finding carries the curl line of its own page, with the cursor that leads there', () => {
    const html = toHtml(resultsWith('pagination.limit.honoured', [onPageFour]));
    const finding = html.slice(html.indexOf('<ol class="findings">'), html.indexOf('</ol>', html.indexOf('<ol class="findings">')));
    expect(finding).toContain('curl -sS -i &#39;http://127.0.0.1:1/user_banks?limit=2&amp;cursor=abc%3D&#39;');
    expect(finding).not.toContain('user_banks?limit=2&#39; -H');
  });

  test('the same finding said three times is shown once, with its count', () => {
    expect(mergedFindings([onPageFour, { ...onPageFour }, { ...onPageFour }, { ...onPageFour, actual: '4 items' }])).toHaveLength(2);
    const html = toHtml(resultsWith('pagination.limit.honoured', [onPageFour, { ...onPageFour }, { ...onPageFour }]));
    expect(html).toContain('(3 times, merged)');
    expect(html.match(/a page held more items than its limit/g)).toHaveLength(1);
  });
});

describe('what a run did not check', () => {
  test('a "Not checked" section before the failures lists skipped checks with their reasons', () => {
    const html = toHtml(resultsWith('pagination.limit.honoured', [onPageFour], { 'isolation.get-user.other-callers-user-hidden': 'skip' }));
    const notChecked = html.indexOf('<section id="not-checked">');
    expect(notChecked).toBeGreaterThan(0);
    expect(notChecked).toBeLessThan(html.indexOf('<section id="failures">'));
    expect(html).toContain('<code>isolation.get-user.other-callers-user-hidden</code>: pass --token-b to enable it');
  });

  test('a conformant run with reduced coverage says so in its banner, naming --read-only and the missing second caller', () => {
    const results = resultsWith('none', [], { 'isolation.get-user.other-callers-user-hidden': 'skip' }, true);
    expect(results.verdict).toBe('conformant');
    const banner = /<div class="verdict[^"]*" id="verdict"[^>]*>(.*?)<\/div>/.exec(toHtml(results))?.[1] ?? '';
    expect(banner).toContain(
      'CONFORMANT (reduced coverage: read-only, no write sent; no second caller, tenant isolation not checked; 1 check skipped)',
    );
    expect(banner).toContain('href="#not-checked"');
  });
});
