/**
 * traffic.har replayed in the real chromium the report test drives (test/support/browser.ts):
 * playwright-core's routeFromHAR serves the page's own requests from the HAR of a real CLI run, with
 * every request the HAR does not hold aborted and the reference already closed, so only the file can
 * answer. A page opened at one recorded URL fetches another, and gets the recorded body.
 *
 * A browser that cannot start is a failure naming the binary tried; BANKLINK_SKIP_BROWSER_TEST=1
 * opts out on purpose, as for the report test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startReference } from '../../src/lab/server.js';
import type { Har, HarEntry } from '../../src/results/report/har.js';
import { chooseChromium } from '../support/browser.js';
import { runCli, targetArgs, type CliRun } from '../support/run-cli.js';

const OPTED_OUT = process.env.BANKLINK_SKIP_BROWSER_TEST === '1';

describe.skipIf(OPTED_OUT)('traffic.har replayed in a real browser (opt out: BANKLINK_SKIP_BROWSER_TEST=1)', () => {
  let run: CliRun;
  let browser: Browser;
  let harPath: string;
  let har: Har;

  beforeAll(async () => {
    const choice = await chooseChromium();
    if (!existsSync(choice.executablePath)) {
      throw new Error(
        `no chromium at ${choice.executablePath} (from ${choice.source}): run "npm ci", point BANKLINK_CHROMIUM at a chromium binary, or set BANKLINK_SKIP_BROWSER_TEST=1 to skip this test on purpose`,
      );
    }
    const reference = await startReference({});
    try {
      run = await runCli([...targetArgs(reference), '--seed', '5', '--skip-area', 'robustness,replay']);
    } finally {
      await reference.close();
    }
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    harPath = join(run.reportDir, 'traffic.har');
    har = JSON.parse(readFileSync(harPath, 'utf8')) as Har;
    browser = await chromium.launch({ executablePath: choice.executablePath, args: choice.args, headless: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** GET answers the HAR holds once for their URL, whole, with a JSON body: a replay can only pick that one. */
  const uniqueAnswers = (): HarEntry[] => {
    const count = new Map<string, number>();
    for (const e of har.log.entries)
      count.set(`${e.request.method} ${e.request.url}`, (count.get(`${e.request.method} ${e.request.url}`) ?? 0) + 1);
    return har.log.entries.filter(
      (e) =>
        e.request.method === 'GET' &&
        count.get(`GET ${e.request.url}`) === 1 &&
        e.response.status === 200 &&
        e.response.content.comment === undefined &&
        e.response.content.text.startsWith('{'),
    );
  };

  test("a page's fetch of a recorded URL is answered from the HAR with the recorded body", async () => {
    const answers = uniqueAnswers();
    expect(answers.length).toBeGreaterThanOrEqual(2);
    const [opened, fetched] = answers as [HarEntry, HarEntry];
    expect(new URL(opened.request.url).origin).toBe(new URL(fetched.request.url).origin);
    const context = await browser.newContext();
    try {
      await context.routeFromHAR(harPath, { notFound: 'abort' });
      const page = await context.newPage();
      const navigation = await page.goto(opened.request.url);
      expect(navigation?.status()).toBe(200);
      expect(await navigation?.text()).toBe(opened.response.content.text);
      // Browser-side code as a string: the project compiles without the DOM lib.
      const seen = (await page.evaluate(
        `fetch(${JSON.stringify(fetched.request.url)}).then(async (r) => ({ status: r.status, body: await r.text() }))`,
      )) as { status: number; body: string };
      expect(seen).toEqual({ status: 200, body: fetched.response.content.text });
      // And nothing the HAR does not hold is answered: the page's request is aborted, not sent.
      const missing = (await page.evaluate(
        `fetch(${JSON.stringify(new URL('/not-in-the-har', fetched.request.url).href)}).then(() => 'answered', () => 'aborted')`,
      )) as string;
      expect(missing).toBe('aborted');
    } finally {
      await context.close();
    }
  });
});
