/**
 * The four reports from one set of results holding every outcome: junit.xml parsed by a real XML
 * parser, report.md and report.html listing every requirement with its checks, untested shown,
 * content from the target escaped, the HTML self-contained, results.json valid against its schema.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { checks as registered, requirementsOf } from '../../src/contract/checks/registry.js';
import type { CheckResult, Outcome } from '../../src/contract/checks/types.js';
import { toHtml } from '../../src/results/report/html.js';
import { toJunit } from '../../src/results/report/junit.js';
import { summaryText } from '../../src/results/report/console.js';
import { toMarkdown } from '../../src/results/report/markdown.js';
import { readableQuote } from '../../src/results/report/readable-quote.js';
import { buildResults, type Results } from '../../src/results/results.js';
import { requirements } from '../../src/core/requirements.js';
import { validate } from '../../src/contract/schema/validator.js';

const HOSTILE = '<img src=x onerror=alert(1)></pre><script>alert(2)</script>';

function result(id: string, outcome: Outcome): CheckResult {
  const broken = outcome === 'fail' || outcome === 'warn';
  return {
    id,
    outcome,
    message: broken ? `${id} saw ${HOSTILE}` : outcome === 'pass' ? 'ok (1 request)' : `${outcome}: pass --token-b to enable it`,
    findings: broken ? [{ severity: outcome, message: `${id} saw ${HOSTILE}`, expected: 'a boolean', actual: '"true"', exchange: 1 }] : [],
    exchanges: [
      {
        seq: 1,
        method: 'GET',
        url: 'http://127.0.0.1:1/user_banks',
        requestHeaders: { authorization: 'Bearer $CONFORMANCE_TOKEN' },
        status: 200,
        responseHeaders: { 'content-type': 'application/json' },
        responseBody: `{"data":[{"note":"${HOSTILE.replace(/"/g, '\\"')}"}],"next_cursor":null}`,
        durationMs: 3,
        curl: `curl -sS -i 'http://127.0.0.1:1/user_banks' -H "authorization: Bearer $CONFORMANCE_TOKEN"`,
      },
    ],
    exchangeCount: 1,
    created: [],
    durationMs: 5,
  };
}

/** One check of each outcome (a fail on a MUST check, a warn on a SHOULD one where there is one), the rest pass. */
function sampleResults(): Results {
  const mustChecks = registered.filter((c) => !c.requirement.startsWith('conv.'));
  const shouldChecks = registered.filter((c) => c.requirement.startsWith('conv.'));
  const plan = new Map<string, Outcome>();
  const pick = (pool: typeof registered, outcome: Outcome) => {
    const free = pool.find((c) => !plan.has(c.id)) ?? registered.find((c) => !plan.has(c.id));
    if (free) plan.set(free.id, outcome);
  };
  pick(mustChecks, 'fail');
  pick(shouldChecks, 'warn');
  pick(registered, 'skip');
  pick(registered, 'inconclusive');
  return buildResults({
    target: { baseUrl: 'http://127.0.0.1:1', embedded: false },
    startedAt: new Date('2026-01-02T03:04:05Z'),
    durationMs: 1234,
    seed: 42,
    runs: 25,
    readOnly: false,
    strict: false,
    checkResults: registered.map((c) =>
      c.id === 'robustness.unusual-requests-no-5xx'
        ? { ...result(c.id, plan.get(c.id) ?? 'pass'), coverage: [GRAMMAR] }
        : result(c.id, plan.get(c.id) ?? 'pass'),
    ),
    errors: [],
  });
}

const GRAMMAR = {
  grammar: 'GET /users/{user_id}',
  components: [
    { name: 'path user_id', classes: 10 },
    { name: 'Authorization', classes: 5 },
  ],
  pairs: 50,
  covered: 48,
  requests: 50,
  budget: 320,
};

describe('results.json', () => {
  const results = sampleResults();

  test('is valid against schemas/results.schema.json and counts every outcome', () => {
    expect(validate('results', results)).toEqual([]);
    expect(results.summary.total).toBe(registered.length);
    expect(results.summary.fail).toBe(1);
    expect(results.verdict).toBe('non-conformant');
  });

  test("carries each grammar's coverage, which the reports say in one line", () => {
    expect(results.grammars).toEqual([GRAMMAR]);
    expect(toMarkdown(results)).toContain(
      'grammar coverage: GET /users/{user_id} (path user_id 10 x Authorization 5): 48 of 50 pairs in 50 requests',
    );
  });

  test('requirements[] holds every catalog requirement with exactly the checks that cite or cover it', () => {
    expect(results.requirements.map((r) => r.id)).toEqual(requirements.map((r) => r.id));
    for (const req of results.requirements) {
      const expected = registered.filter((c) => (requirementsOf(c) as string[]).includes(req.id)).map((c) => c.id);
      expect(req.checks, req.id).toEqual(expected);
      expect(req.outcome === 'untested', req.id).toBe(expected.length === 0);
      expect(['MUST', 'SHOULD']).toContain(req.level);
    }
  });
});

describe('junit.xml', () => {
  const results = sampleResults();
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(toJunit(results));
  const suites = [parsed.testsuites.testsuite].flat() as Record<string, unknown>[];
  const cases = suites.flatMap((s) => [s.testcase].flat()) as Record<string, unknown>[];
  const caseOf = (id: string) => cases.find((c) => String(c.name).startsWith(`${id}:`));

  test('one testcase per check, classname by spec area', () => {
    expect(cases.length).toBe(results.checks.length);
    for (const check of results.checks) {
      const testcase = caseOf(check.id) as { classname: string; properties: { property: { name: string; value: string }[] } };
      expect(testcase.classname, check.id).toBe(`banklink.${check.area}`);
      expect(testcase.properties.property.find((p) => p.name === 'requirement')?.value, check.id).toBe(check.requirement);
    }
    expect(Number(parsed.testsuites.tests)).toBe(results.checks.length);
  });

  test('a fail is a <failure> with a message; inconclusive is an <error> with its reason; skip is <skipped>; warn and pass are none of these', () => {
    expect(results.checks.some((c) => c.outcome === 'inconclusive')).toBe(true);
    for (const check of results.checks) {
      const testcase = caseOf(check.id) as Record<string, unknown>;
      const failure = testcase.failure as Record<string, string> | undefined;
      expect(failure !== undefined, check.id).toBe(check.outcome === 'fail');
      expect(testcase.skipped !== undefined, check.id).toBe(check.outcome === 'skip');
      const error = testcase.error as Record<string, string> | undefined;
      expect(error !== undefined, check.id).toBe(check.outcome === 'inconclusive');
      if (error) expect(error.message).toContain(check.message.slice(0, 40));
      if (failure) {
        expect(failure.message).toContain(check.id);
        expect(failure['#text']).toContain(readableQuote(check.quote).replace(/\s+/g, ' ').slice(0, 20));
        expect(failure['#text']).toContain('Reproduce with: curl');
        for (const finding of check.findings.slice(0, 5))
          if (finding.actual !== undefined) expect(failure['#text']).toContain(`Seen: ${finding.actual}`);
      }
    }
    expect(Number(parsed.testsuites.failures)).toBe(results.summary.fail);
    expect(Number(parsed.testsuites.skipped)).toBe(results.summary.skip);
  });

  test('a run that ended INCONCLUSIVE reads as errors in a CI test tab, with a run-level testcase saying it could not decide', () => {
    const base = sampleResults();
    const checks = base.checks.map((c) => (c.outcome === 'fail' ? { ...c, outcome: 'pass' as const } : c));
    const undecided = { ...base, checks, verdict: 'inconclusive' as const, summary: { ...base.summary, fail: 0 }, errors: [] };
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(toJunit(undecided));
    expect(Number(xml.testsuites.errors)).toBe(base.summary.inconclusive + 1);
    expect(Number(xml.testsuites.errors)).toBeGreaterThan(1);
    const run = [xml.testsuites.testsuite].flat().find((suite: { name: string }) => suite.name === 'run');
    expect(run.testcase.error.message).toMatch(/could not decide \(INCONCLUSIVE\): \d+ check\(s\) could not look/);
  });
});

describe('report.md', () => {
  const results = sampleResults();
  const md = toMarkdown(results);

  test('verdict and counts first, each failure with its section, quote and curl line', () => {
    // The implementation first (what is certified), then the verdict.
    const head = md.split('\n').slice(0, 6);
    expect(head[2]).toMatch(/^\*\*Implementation/);
    expect(head.join('\n')).toContain('NON-CONFORMANT');
    const failing = results.checks.find((c) => c.outcome === 'fail');
    expect(md).toContain(`\`${failing?.id}\``);
    expect(md).toContain(`Requirement \`${failing?.requirement}\``);
    expect(md).toMatch(new RegExp(`\\| \`${failing?.id}\` \\| ${failing?.section}`));
    expect(md).toContain("curl -sS -i 'http://127.0.0.1:1/user_banks'");
    expect(md).toContain('--seed 42');
  });

  test('lists every requirement with the checks that cover it; untested ones say so', () => {
    for (const req of results.requirements) {
      const row = md.split('\n').find((line) => line.startsWith(`| ${req.section} | \`${req.id}\` | ${req.level} |`));
      expect(row, req.id).toBeDefined();
      for (const id of req.checks) expect(row, req.id).toContain(`\`${id}\``);
      if (req.checks.length === 0) expect(row).toContain('**untested**');
    }
  });
});

describe('report.html', () => {
  const results = sampleResults();
  const html = toHtml(results);

  test('self-contained: no external script, style, font or image', () => {
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(html).not.toMatch(/<script[^>]*\bsrc\s*=/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/@import|url\(/i);
  });

  test('what the target sent is escaped, never markup', () => {
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test('target, suite version, spec hash, date, seed and verdict are on the page', () => {
    for (const text of [
      'http://127.0.0.1:1',
      results.suiteVersion,
      results.specHash,
      '2026-01-02T03:04:05.000Z',
      '--seed 42',
      'NON-CONFORMANT',
    ]) {
      expect(html).toContain(text);
    }
  });

  test('every requirement in the matrix with each covering check, and every outcome shown', () => {
    for (const req of results.requirements) {
      const row = html.split('\n').find((line) => line.includes(`<code>${req.id}</code>`) && line.includes('req-row'));
      expect(row, req.id).toBeDefined();
      expect(row).toContain(`b-${req.outcome}`);
      for (const id of req.checks) expect(row).toContain(`href="#check-${id}"`);
    }
    for (const outcome of ['pass', 'fail', 'warn', 'skip', 'inconclusive']) expect(html).toContain(`class="badge b-${outcome}"`);
    if (results.requirements.some((r) => r.outcome === 'untested')) expect(html).toContain('b-untested');
  });

  test('each failure opens with the quoted requirement, expected and seen, and its curl line', () => {
    const failing = results.checks.find((c) => c.outcome === 'fail');
    const start = html.indexOf(`id="check-${failing?.id}"`);
    const block = html.slice(start, html.indexOf('</details>', start));
    expect(html.slice(start - 60, start)).toContain('<details class="case fail"');
    expect(block).toContain(' open>');
    expect(block).toContain(`<code class="req-id">${failing?.requirement}</code>`);
    expect(block).toContain('<dt>Expected</dt><dd>a boolean</dd>');
    expect(block).toContain('<dt>Seen</dt><dd>&quot;true&quot;</dd>');
    expect(block).toContain('<pre class="curl">curl -sS -i');
  });
});

/** Results of a short run holding exactly these check results. */
const resultsOf = (checkResults: CheckResult[]): Results =>
  buildResults({
    target: { baseUrl: 'http://127.0.0.1:1', embedded: false },
    startedAt: new Date('2026-01-02T03:04:05Z'),
    durationMs: 1,
    seed: 1,
    runs: 25,
    readOnly: false,
    strict: false,
    checkResults,
    errors: [],
  });

describe('report.md size', () => {
  test('a target that fails every check still gives a comment GitHub accepts (under 65,536 characters)', () => {
    const results = resultsOf(
      registered.map((c) => {
        const r = result(c.id, 'fail');
        const long = 'x'.repeat(3_000);
        return {
          ...r,
          findings: Array.from({ length: 8 }, () => ({
            severity: 'fail' as const,
            message: long,
            expected: long,
            actual: long,
            exchange: 1,
          })),
        };
      }),
    );
    const md = toMarkdown(results);
    expect(md.length).toBeLessThan(65_536);
    expect(md).toMatch(/more failures not detailed here/);
    for (const check of results.checks) expect(md).toContain(`| \`${check.id}\` |`);
  });
});

describe('a finding that names the field it breaks', () => {
  test('fails that field in the matrix, not every field the schema check covers, and both reports name it', () => {
    const failing = result('user-banks.list.schema', 'fail');
    // As expectSchema names them: the field that broke, and the check's own statement of the answer.
    failing.findings = [
      {
        ...(failing.findings[0] as CheckResult['findings'][number]),
        requirements: ['user_bank.is_rtp_enabled', 'list_user_banks.response'],
      },
    ];
    const results = resultsOf(registered.map((c) => (c.id === failing.id ? failing : result(c.id, 'pass'))));
    const outcomeOf = (id: string) => results.requirements.find((r) => r.id === id)?.outcome;
    expect(outcomeOf('user_bank.is_rtp_enabled')).toBe('fail');
    expect(outcomeOf('list_user_banks.response')).toBe('fail');
    expect(outcomeOf('user_bank.status')).toBe('pass');
    expect(
      results.requirements
        .filter((r) => r.outcome === 'fail')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['list_user_banks.response', 'user_bank.is_rtp_enabled']);
    expect(toMarkdown(results)).toContain('breaks: `user_bank.is_rtp_enabled`');
    expect(toHtml(results)).toContain('<dt>Breaks</dt><dd><code>user_bank.is_rtp_enabled</code> (2.1)');
  });
});

describe('the console summary', () => {
  const plain = { red: (t: string) => t, green: (t: string) => t, yellow: (t: string) => t, bold: (t: string) => t };

  test('names every warning; under --strict each is a WARN line that says it fails the run', () => {
    const results = sampleResults();
    const warned = results.checks.find((c) => c.outcome === 'warn');
    expect(warned).toBeDefined();
    expect(summaryText(results, plain, [])).toContain(`1 warning(s): conventions where the spec is silent: ${warned?.id}; see report.md`);
    const strict = summaryText({ ...results, strict: true }, plain, []);
    expect(strict).toContain(`WARN ${warned?.id}  [${warned?.requirement}, section ${warned?.section}] (fails the run: --strict)`);
  });

  test('the replay line of a remote target says the token comes from the environment', () => {
    expect(summaryText(sampleResults(), plain, [])).toMatch(
      /replay: npm run conformance -- --report-dir reports\/replay --base-url http:\/\/127\.0\.0\.1:1 --seed 42 .*\(the token from CONFORMANCE_TOKEN in the environment or \.env\)/,
    );
  });

  test('the preflight reads are in report.md', () => {
    const results = {
      ...sampleResults(),
      preflight: [
        {
          seq: 1,
          method: 'GET',
          url: 'http://127.0.0.1:1/users/usr_1',
          requestHeaders: {},
          status: 404,
          responseHeaders: {},
          responseBody: '',
          durationMs: 1,
          curl: 'curl',
        },
      ],
    };
    expect(toMarkdown(results)).toContain('- GET `http://127.0.0.1:1/users/usr_1` answered 404');
    expect(toHtml(results)).toContain('<li>GET <code>http://127.0.0.1:1/users/usr_1</code> answered 404</li>');
  });
});
