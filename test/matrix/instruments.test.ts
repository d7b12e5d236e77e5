/**
 * The measuring scripts decide only on evidence (issue 39): a blind server is caught, and a soak run
 * failed, only when the CLI's run finished with a verdict; a CLI that crashes (cannot start, dies
 * half-way, hangs past its bound) is counted as crashed or undecided, never as a catch or a failure.
 * Each case runs real processes against the reference over loopback.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { blindVerdict, runAgainst, type BlindOutcome, type BlindTarget, type CliChoice } from '../../scripts/blind.js';
import { soak } from '../../scripts/soak.js';
import { cliBundle } from '../support/cli-bundle.js';

const asBlindTarget = (reference: RunningReference): BlindTarget => ({
  baseUrl: reference.url,
  tokenA: reference.callers.a.token,
  userIdA: reference.callers.a.userIds[0] as string,
  tokenB: reference.callers.b.token,
  userIdB: reference.callers.b.userIds[0] as string,
  close: () => reference.close(),
});

const scripts = mkdtempSync(join(tmpdir(), 'blc-crash-'));
/** The fresh-clone failure: the entry the runs are started from does not exist, node exits 1 at once. */
const cannotStart = [join(scripts, 'no-such-cli.mjs')];
/** The real CLI, dying half-way through its run with exit 1 (an out-of-memory kill, an uncaught error). */
const diesHalfWay = join(scripts, 'dies-half-way.mjs');
writeFileSync(diesHalfWay, `setTimeout(() => process.exit(1), 1500);\nawait import(${JSON.stringify(`file://${cliBundle}`)});\n`);
/** A CLI that never ends: killed at its bound. */
const hangs = join(scripts, 'hangs.mjs');
writeFileSync(hangs, 'setInterval(() => {}, 1000);\n');

describe.concurrent('blind runs count only finished runs', () => {
  let control: BlindOutcome;
  beforeAll(async () => {
    const reference = await startReference();
    try {
      const { decision, run } = await runAgainst(asBlindTarget(reference), '42');
      control = {
        batch: 't',
        server: '_control.mjs',
        stack: 'default',
        control: true,
        exitCode: run.code,
        failing: [],
        warnings: [],
        reportDir: run.reportDir,
        seconds: 0,
        ...blindVerdict(decision, undefined),
      };
    } finally {
      await reference.close();
    }
  });

  test('the conformant reference is a conformant control', () => {
    expect(control.verdict, control.detail.join('\n')).toBe('conformant');
  });

  test('a fault the suite sees is caught, with the checks that failed beyond the control', async () => {
    const reference = await startReference({ faults: ['create-auth-skipped'] });
    try {
      const { decision } = await runAgainst(asBlindTarget(reference), '42');
      const verdict = blindVerdict(decision, control);
      expect(verdict.verdict).toBe('caught');
      expect(verdict.failingBeyondControl.length).toBeGreaterThan(0);
    } finally {
      await reference.close();
    }
  });

  for (const [name, entry, timeoutMs] of [
    ['a CLI that cannot start', cannotStart, 60_000],
    ['a CLI that dies half-way with exit 1', [diesHalfWay], 60_000],
    ['a CLI that hangs past its bound', [hangs], 1_500],
  ] as const) {
    test(`${name} is crashed, not caught`, async () => {
      const reference = await startReference({ faults: ['create-auth-skipped'] });
      try {
        const { decision, run } = await runAgainst(asBlindTarget(reference), '42', { entry: [...entry], timeoutMs });
        expect(run.code).not.toBe(0);
        const verdict = blindVerdict(decision, control);
        expect(verdict.verdict, verdict.detail.join('\n')).toBe('crashed');
      } finally {
        await reference.close();
      }
    });
  }
});

test('a CLI that cannot even be started (a bundle whose sources changed mid-measurement) is that run crashed, not the end of the measurement', async () => {
  const refuse: CliChoice['start'] = () =>
    Promise.reject(new Error('the CLI bundle was built from other sources than the checkout: refusing to run old code'));
  const reference = await startReference({ faults: ['create-auth-skipped'] });
  try {
    const { decision, run } = await runAgainst(asBlindTarget(reference), '42', { start: refuse });
    expect(run.code).toBeNull();
    expect(blindVerdict(decision, undefined)).toMatchObject({ verdict: 'crashed' });
    expect(blindVerdict(decision, undefined).detail.join('\n')).toMatch(/could not be started: .*old code/);
  } finally {
    await reference.close();
  }
  const summary = await soak({ runs: 2, corner: 'baseline', firstSeed: 1, cli: { start: refuse } });
  expect(summary).toMatchObject({ runs: 2, decided: 0, failed: 0, undecided: 2 });
});

test('a soak counts crashed runs as undecided, never as failed', async () => {
  const summary = await soak({ runs: 2, corner: 'baseline', firstSeed: 1, cli: { entry: cannotStart, timeoutMs: 60_000 } });
  expect(summary).toMatchObject({ runs: 2, decided: 0, failed: 0, passed: 0, undecided: 2 });
  expect(summary.outcomes.map((o) => o.why)).toEqual(['crashed', 'crashed']);
});

test('a soak of finished runs is decided', async () => {
  const summary = await soak({ runs: 1, corner: 'baseline', firstSeed: 1, cli: { entry: [diesHalfWay], timeoutMs: 60_000 } });
  expect(summary.decided).toBe(0);
  const real = await soak({ runs: 1, corner: 'baseline', firstSeed: 1 });
  expect(real).toMatchObject({ runs: 1, decided: 1, passed: 1, undecided: 0 });
});
