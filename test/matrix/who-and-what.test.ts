/**
 * Who and what was tested (issue 56 item 5), in real CLI runs against the embedded reference: the
 * implementation named first in every report format, the suite's digest and the spec in each, and
 * a --check run's reduced coverage said the same way everywhere, its unrun checks counted as not
 * run (outside --check), never as skipped.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import { UNNAMED_IMPLEMENTATION } from '../../src/core/identity/implementation.js';
import { releaseText } from '../../src/core/identity/suite-identity.js';
import { runCli, type CliRun } from '../support/run-cli.js';

interface Reports {
  run: CliRun;
  md: string;
  html: string;
  junit: string;
  summary: string;
}

/** A run under GitHub Actions (so it writes a step summary too), with every report read back. */
async function reportsOf(args: string[]): Promise<Reports> {
  const summaryFile = join(mkdtempSync(join(tmpdir(), 'blc-who-')), 'step-summary.md');
  const run = await runCli(['--seed', '7', ...args], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile } });
  const read = (file: string): string => readFileSync(join(run.reportDir, file), 'utf8');
  return { run, md: read('report.md'), html: read('report.html'), junit: read('junit.xml'), summary: readFileSync(summaryFile, 'utf8') };
}

/** Each <testsuite>'s properties, in order, as a CI view reads them. */
function suiteProperties(junit: string): { name: string; value: string }[][] {
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(junit);
  return [parsed.testsuites.testsuite].flat().map((suite: { properties: { property: unknown } }) => [suite.properties.property].flat()) as {
    name: string;
    value: string;
  }[][];
}

const firstLine = (text: string): string => text.split('\n').find((line) => line.trim() !== '') ?? '';
const ONE_CHECK = 'pagination.traversal.ends';

describe('who and what was tested', () => {
  let named: Reports;
  let unnamed: Reports;
  beforeAll(async () => {
    [named, unnamed] = await Promise.all([reportsOf(['--implementation', 'acme-bank-api@2.3.1', '--check', ONE_CHECK]), reportsOf([])]);
  });

  test('runs: both exit 0, conformant', () => {
    expect(named.run.code, named.run.stderr).toBe(0);
    expect(unnamed.run.code, unnamed.run.stderr).toBe(0);
  });

  test('--implementation is named first in every report: console header and summary, report.md, HTML, JUnit, results.json, GitHub summary', () => {
    const { run, md, html, junit, summary } = named;
    const stderr = run.stderr.split('\n');
    // The header: right after the line that says which target, before the suite, spec and run lines.
    expect(stderr[stderr.findIndex((line) => line.startsWith('no --base-url')) + 1]).toBe('implementation: acme-bank-api@2.3.1');
    expect(firstLine(run.stdout)).toBe('implementation: acme-bank-api@2.3.1');
    expect(md.split('\n')[2]).toBe('**Implementation: acme-bank-api@2.3.1**');
    expect(html.indexOf('<p class="subject" id="implementation">Implementation: acme-bank-api@2.3.1</p>')).toBeGreaterThan(0);
    expect(html.indexOf('id="implementation"')).toBeLessThan(html.indexOf('id="verdict"'));
    expect(/<dl class="meta"><dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/.exec(html)?.slice(1)).toEqual(['Implementation', 'acme-bank-api@2.3.1']);
    expect(/<testsuites name="([^"]*)"/.exec(junit)?.[1]).toMatch(/^acme-bank-api@2\.3\.1, judged by banklink-conformance /);
    for (const properties of suiteProperties(junit))
      expect(properties[0]).toEqual({ name: 'implementation', value: 'acme-bank-api@2.3.1' });
    expect(Object.keys(run.results ?? {})[0]).toBe('target');
    expect(Object.keys(run.results?.target ?? {})[0]).toBe('implementation');
    expect(run.results?.target.implementation).toEqual({ name: 'acme-bank-api', version: '2.3.1' });
    expect(firstLine(summary)).toBe('## Implementation: acme-bank-api@2.3.1');
  });

  test('without it, every report says the implementation was not named, and how to name it', () => {
    const { run, md, html, junit, summary } = unnamed;
    expect(UNNAMED_IMPLEMENTATION).toBe('implementation not named (--implementation NAME@VERSION)');
    expect(firstLine(run.stdout)).toBe(UNNAMED_IMPLEMENTATION);
    expect(run.stderr).toContain(`\n${UNNAMED_IMPLEMENTATION}\n`);
    expect(md.split('\n')[2]).toBe('**Implementation not named (--implementation NAME@VERSION)**');
    expect(html).toContain('<p class="subject" id="implementation">Implementation not named (--implementation NAME@VERSION)</p>');
    for (const properties of suiteProperties(junit))
      expect(properties[0]).toEqual({ name: 'implementation', value: UNNAMED_IMPLEMENTATION });
    expect(run.results?.target.implementation).toBeUndefined();
    expect(firstLine(summary)).toBe('## Implementation not named (--implementation NAME@VERSION)');
  });

  test("the suite's digest is the same in two runs, and every report states it with the spec's title and hash", () => {
    const [a, b] = [named.run.results, unnamed.run.results];
    expect(a?.suite.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(a?.suite.digest).toBe(b?.suite.digest);
    expect(a?.suite.files).toBe(b?.suite.files);
    // How the copy stands to its release is stated in every report too. (Not asserted "unreleased" here:
    // pack.test.ts's npm pack puts a release record in this tree for a moment; test/unit/suite-digest.test.ts
    // and verify.test.ts hold each status on copies of their own.)
    expect(a?.spec).toEqual({ title: 'Bank-linking and user service: interface specification', hash: a?.specHash });
    for (const reports of [named, unnamed]) {
      const { run, md, html, junit, summary } = reports;
      const release = releaseText(run.results?.suite.release ?? { status: 'unreleased' });
      for (const text of [run.stdout, md, html, junit, summary]) {
        expect(text).toContain(a?.suite.digest);
        expect(text).toContain(release);
        expect(text).toContain(a?.spec.hash);
        expect(text).toContain(run.results?.runId);
      }
    }
  });

  test('a --check run says its reduced coverage the same way in the console, report.md, HTML, JUnit, results.json and the GitHub summary', () => {
    const { run, md, html, junit, summary } = named;
    const results = run.results;
    const ran = results?.checks.length ?? 0;
    const notRun = checks.length - ran;
    expect(ran).toBeGreaterThan(1);
    expect(ran).toBeLessThan(checks.length);
    const coverage = `reduced: ${ran} of ${checks.length} checks, by --check`;
    const verdict = `CONFORMANT (reduced coverage: ${ran} of ${checks.length} checks, by --check)`;
    expect(results?.coverage).toEqual({
      status: 'reduced',
      text: coverage,
      reasons: [{ kind: 'only', text: `${ran} of ${checks.length} checks, by --check` }],
      checks: { ran, inSuite: checks.length, notRun, notRunWhy: 'outside --check' },
    });
    expect(run.stdout).toContain(`verdict: ${verdict}  `);
    expect(run.stdout).toContain(`coverage: ${coverage}; ${notRun} not run (outside --check)`);
    expect(md).toContain(`**${verdict}**`);
    expect(md).toContain(`- Coverage: ${coverage}; ${notRun} not run (outside --check)`);
    expect(html).toContain(`<strong>${verdict}</strong>`);
    expect(junit).toContain(`<property name="verdict" value="${verdict}"/>`);
    expect(junit).toContain(`<property name="coverage" value="${coverage}; ${notRun} not run (outside --check)"/>`);
    expect(/<testsuites name="([^"]*)"/.exec(junit)?.[1]).toMatch(new RegExp(`: ${verdict.replace(/[()]/g, '\\$&')}$`));
    expect(summary).toContain(verdict);
  });

  test('the checks a --check run did not run are counted as not run, never as skipped', () => {
    const { run, md, junit } = named;
    const notRun = checks.length - (run.results?.checks.length ?? 0);
    expect(run.results?.summary.skip).toBe(0);
    expect(run.stdout).toContain(`0 skip, 0 inconclusive, ${notRun} not run (outside --check); ${run.results?.checks.length} checks ran`);
    expect(run.stdout).not.toMatch(/check\(s\) skipped|checks? skipped/);
    expect(md).toContain(`| ${run.results?.summary.pass} | 0 | 0 | 0 | 0 | ${run.results?.checks.length} |`);
    expect(md).toContain(`${notRun} not run (outside --check): the table counts only the checks that ran.`);
    expect(junit).toMatch(new RegExp(`<testsuites [^>]*tests="${run.results?.checks.length}" failures="0" errors="0" skipped="0"`));
  });

  test('a whole run says its coverage is complete, everywhere, and its verdict plainly', () => {
    const { run, md, html, junit } = unnamed;
    expect(run.results?.coverage.status).toBe('complete');
    expect(run.stdout).toContain('coverage: complete');
    expect(run.stdout).toContain('verdict: CONFORMANT  ');
    expect(md).toContain('**CONFORMANT**: ');
    expect(md).toContain('- Coverage: complete');
    expect(html).toContain('<strong>CONFORMANT</strong>');
    expect(junit).toContain('<property name="coverage" value="complete"/>');
  });
});
