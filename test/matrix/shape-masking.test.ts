/**
 * Masking that keeps the shape (issue 56, item 3), run for real: the CLI against the reference
 * switched into user-date-of-birth-string (date_of_birth a "YYYY-MM-DD" string), and against one
 * whose date_of_birth is good (user-phone-number breaks phone instead, so a whole User is a
 * finding's "seen"). In the HAR and report.md the bad date_of_birth reads as a masked string of its
 * length and the good one as a masked object with its member names, and no personal value of the
 * reference's fixtures is anywhere in the report directory or the console. With
 * --unmasked-evidence the values are written as they came, and every output says so.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UserRecord } from '../../src/lab/model.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import type { Har } from '../../src/results/report/har.js';
import { UNMASKED_EVIDENCE_WARNING } from '../../src/results/report/unmasked-evidence.js';
import { validate } from '../../src/contract/schema/validator.js';
import { runCli, targetArgs, type CliRun } from '../support/run-cli.js';

/** The areas that hold no User answer: left out, each run takes seconds, not a minute. */
const QUICK = ['--skip-area', 'robustness,replay,sequences'];

let bad: RunningReference;
let good: RunningReference;
let badRun: CliRun;
let goodRun: CliRun;
let unmaskedRun: CliRun;

beforeAll(async () => {
  [bad, good] = await Promise.all([
    startReference({ faults: ['user-date-of-birth-string'] }),
    startReference({ faults: ['user-phone-number'] }),
  ]);
  [badRun, goodRun] = await Promise.all([
    runCli([...targetArgs(bad), '--seed', '56', ...QUICK]),
    runCli([...targetArgs(good), '--seed', '56', ...QUICK]),
  ]);
  unmaskedRun = await runCli([...targetArgs(bad), '--seed', '56', ...QUICK, '--unmasked-evidence']);
}, 150_000);
afterAll(async () => {
  await Promise.all([bad?.close(), good?.close()]);
});

const usersOf = (reference: RunningReference): UserRecord[] => reference.state.callers.flatMap((c) => c.users);

/** date_of_birth as the fault writes it: "YYYY-MM-DD". */
const asText = (user: UserRecord): string => {
  const { date, month, year } = user.date_of_birth;
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
};

/** Every file of the report directory, and the console, as one text. */
function everything(run: CliRun): string {
  const files = readdirSync(run.reportDir, { withFileTypes: true }).filter((f) => f.isFile());
  return [run.stdout, run.stderr, ...files.map((f) => readFileSync(join(run.reportDir, f.name), 'utf8'))].join('\n');
}

const harOf = (run: CliRun): Har => JSON.parse(readFileSync(join(run.reportDir, 'traffic.har'), 'utf8')) as Har;
const reportOf = (run: CliRun): string => readFileSync(join(run.reportDir, 'report.md'), 'utf8');

/** The User answers in a HAR, as printed there. */
function usersIn(har: Har): Record<string, unknown>[] {
  return har.log.entries
    .filter((e) => e.request.method === 'GET' && new URL(e.request.url).pathname.includes('/users/') && e.response.status === 200)
    .map((e) => JSON.parse(e.response.content.text) as Record<string, unknown>);
}

const datesOfBirthIn = (har: Har): unknown[] => usersIn(har).map((u) => u.date_of_birth);

const MASKED_GOOD = {
  date: expect.stringMatching(/^\[masked number, [12] chars?\]$/),
  month: expect.stringMatching(/^\[masked number, [12] chars?\]$/),
  year: '[masked number, 4 chars]',
};

describe('masked to the shape', () => {
  test('the HAR: the bad date_of_birth is a masked string of its length, the good one a masked object with its member names', () => {
    expect(badRun.code, badRun.stderr).toBe(1);
    expect(goodRun.code, goodRun.stderr).toBe(1);
    const badDates = datesOfBirthIn(harOf(badRun));
    const goodDates = datesOfBirthIn(harOf(goodRun));
    expect(badDates.length).toBeGreaterThan(0);
    expect(goodDates.length).toBeGreaterThan(0);
    for (const seen of badDates) expect(seen).toBe('[masked string, 10 chars]');
    for (const seen of goodDates) expect(seen).toEqual(MASKED_GOOD);
    // The phone the good run's fault makes a number says so, beside the date_of_birth it leaves good.
    expect(harOf(goodRun).log.entries.some((e) => e.response.content.text.includes('"phone":"[masked number, 10 chars]"'))).toBe(true);
    expect(validate('har', harOf(badRun))).toEqual([]);
  });

  test('report.md: the bad date_of_birth is seen as a masked string of its length, the good one as a masked object', () => {
    const badReport = reportOf(badRun);
    expect(badReport).toContain('/date_of_birth must be object, seen "[masked string, 10 chars]"');
    const goodReport = reportOf(goodRun);
    expect(goodReport).toMatch(
      /"date_of_birth":\{"date":"\[masked number, [12] chars?\]","month":"\[masked number, [12] chars?\]","year":"\[masked number, 4 chars\]"\}/,
    );
    expect(goodReport).not.toContain('"date_of_birth":"[masked');
    expect(badReport).not.toContain(UNMASKED_EVIDENCE_WARNING);
  });

  test('no personal value of the fixtures is anywhere in the report directory or the console', () => {
    for (const [run, reference] of [
      [badRun, bad],
      [goodRun, good],
    ] as const) {
      const text = everything(run);
      for (const person of usersOf(reference)) {
        for (const value of [person.email, person.ssn, person.phone, person.address.line1, asText(person)])
          expect(text, `${value} in ${run.reportDir}`).not.toContain(value);
        // Names are short words: looked for standing whole, as a name is printed.
        for (const name of [person.first_name, person.last_name])
          expect(text, `${name} in ${run.reportDir}`).not.toMatch(new RegExp(`\\b${name}\\b`));
      }
      expect(text).not.toContain(reference.callers.a.token);
      expect(text).not.toContain(reference.callers.b.token);
    }
  });
});

describe('--unmasked-evidence', () => {
  test('writes personal data as it came, and says so in the console and every report; tokens stay masked', () => {
    const run = unmaskedRun;
    expect(run.code, run.stderr).toBe(1);
    const configured = usersOf(bad).find((u) => u.id === bad.callers.a.userIds[0]) as UserRecord;
    const dates = datesOfBirthIn(harOf(run));
    expect(dates).toContain(asText(configured));
    const answered = usersIn(harOf(run)).find((u) => u.id === configured.id);
    expect(answered).toMatchObject({
      first_name: configured.first_name,
      email: configured.email,
      ssn: configured.ssn,
      phone: configured.phone,
    });
    expect(harOf(run).log.comment).toContain(`WARNING: ${UNMASKED_EVIDENCE_WARNING}`);
    expect(harOf(run).log._unmaskedEvidence).toBe(true);
    expect(validate('har', harOf(run))).toEqual([]);

    expect(run.stderr).toContain(`WARNING: ${UNMASKED_EVIDENCE_WARNING}`);
    expect(run.stdout).toContain('WARNING');
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(UNMASKED_EVIDENCE_WARNING);
    expect(run.results?.unmaskedEvidence).toBe(true);
    expect(validate('results', run.results)).toEqual([]);
    expect(reportOf(run)).toContain(`> **WARNING: ${UNMASKED_EVIDENCE_WARNING}**`);
    const html = readFileSync(join(run.reportDir, 'report.html'), 'utf8');
    expect(html).toContain('id="unmasked-evidence"');
    expect(html).toContain('personal data is NOT masked');
    expect(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8')).toContain('<property name="unmasked-evidence"');

    const text = everything(run);
    expect(text).not.toContain(bad.callers.a.token);
    expect(text).not.toContain(bad.callers.b.token);
    expect(text).toContain('Bearer $CONFORMANCE_TOKEN');
  });

  test('is off unless asked: the masked runs say nothing of it', () => {
    expect(badRun.results?.unmaskedEvidence).toBeUndefined();
    expect(everything(badRun)).not.toContain(UNMASKED_EVIDENCE_WARNING);
  });
});
