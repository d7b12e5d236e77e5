/**
 * The check engine (src/runner/check-engine.ts) on checks made for the test: the order it runs
 * them in, how many at once, what stops it, and how a check that misbehaves ends. The checks send
 * one request each to the reference on 127.0.0.1, through the run's own client.
 */
import type { Phase } from '../../src/harness/phases.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkSpec, checks } from '../../src/contract/checks/registry.js';
import type { CheckBody, DeclaredCheck } from '../../src/harness/check.js';
import type { RunSettings } from '../../src/harness/settings.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { runChecksOf } from '../../src/runner/check-engine.js';

let reference: RunningReference;
beforeAll(async () => {
  reference = await startReference({});
});
afterAll(async () => {
  await reference.close();
});

const settings = (over: Partial<RunSettings> = {}): RunSettings => ({
  baseUrl: reference.url,
  embedded: true,
  tokenA: reference.callers.a.token,
  userIdA: reference.callers.a.userIds[0] as string,
  readOnly: true,
  maxWrites: 0,
  seed: 1,
  runs: 1,
  concurrency: 2,
  rateLimit: 0,
  timeoutMs: 5_000,
  maxBodyBytes: 1_000_000,
  checkTimeoutMs: 30_000,
  ...over,
});

/** Registered ids to borrow (the engine reports a check by its spec's id). */
const ids = checks.slice(0, 6).map((c) => c.id);
const check = (i: number, suite: string, body: CheckBody, sequential = false, phase: Phase = 'reads'): DeclaredCheck => ({
  spec: checkSpec(ids[i] as (typeof ids)[number]),
  body,
  sequential,
  suite,
  phase,
});

/** A body that reads the configured User, noting when it started and ended. */
const reading =
  (log: string[], name: string, holdMs = 0): CheckBody =>
  async (t) => {
    log.push(`${name}+`);
    await t.request({ path: `/users/${t.settings.userIdA}` });
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    t.passed('read');
    log.push(`${name}-`);
  };

describe('the check engine', () => {
  test('phase after phase, whatever order they are given in; side by side within one up to --concurrency, across its suites; a sequential check alone, in its place', async () => {
    const log: string[] = [];
    const run = await runChecksOf(settings({ concurrency: 2 }), [
      check(4, 'late', reading(log, 'e'), false, 'writes'),
      check(0, 'first', reading(log, 'a', 50)),
      check(1, 'second', reading(log, 'b', 50)),
      check(2, 'first', reading(log, 'c'), true),
      check(3, 'second', reading(log, 'd')),
    ]);
    expect(run.results.map((r) => r.outcome)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
    // a and b (two suites of one phase) overlap; c starts only after both ended; d after c; e (a later phase, given first) last.
    expect(log.slice(0, 2).sort()).toEqual(['a+', 'b+']);
    expect(log.indexOf('c+')).toBeGreaterThan(Math.max(log.indexOf('a-'), log.indexOf('b-')));
    expect(log.indexOf('d+')).toBeGreaterThan(log.indexOf('c-'));
    expect(log.indexOf('e+')).toBeGreaterThan(log.indexOf('d-'));
    expect(run.traffic?.requests).toBe(5);
    expect(run.exchanges).toHaveLength(5);
  });

  test('--fail-fast: after a fail no further check starts; a thrown error is that check internal error, not the end of the run', async () => {
    const log: string[] = [];
    const run = await runChecksOf(
      settings({ concurrency: 1 }),
      [
        check(0, 's', async () => {
          throw new Error('a defect of the check');
        }),
        check(1, 's', async (t) => t.fail('seen broken', {})),
        check(2, 's', reading(log, 'never')),
      ],
      { failFast: true },
    );
    expect(run.results.map((r) => r.outcome)).toEqual(['inconclusive', 'fail']);
    expect(run.results[0]?.internalError).toContain('a defect of the check');
    expect(log).toEqual([]);
  });

  test('a promise a check lets go of that rejects is an error of the run (no verdict), not a crash', async () => {
    const run = await runChecksOf(settings(), [
      check(0, 's', async (t) => {
        void Promise.reject(new Error('left unhandled'));
        await new Promise((resolve) => setTimeout(resolve, 20));
        t.passed('ended');
      }),
    ]);
    expect(run.errors.join('\n')).toContain('left unhandled');
  });

  test('past the time bound no further check starts, and the run names what did not run', async () => {
    const log: string[] = [];
    const run = await runChecksOf(
      settings({ concurrency: 1 }),
      [check(0, 's', reading(log, 'slow', 300)), check(1, 's', reading(log, 'late'))],
      { deadlineMs: 100, boundS: 1 },
    );
    expect(run.results.map((r) => r.id)).toEqual([ids[0]]);
    expect(log).not.toContain('late+');
    expect(run.errors.join('\n')).toMatch(/time bound .*1 of 2 checks ended; 1 did not run/);
  });

  test('phases declared to start with an earlier one (replay and absence with unusual) run beside it, wait for its end where they ask, and the phase after them waits for all', async () => {
    const log: string[] = [];
    const run = await runChecksOf(settings({ concurrency: 4 }), [
      check(3, 'views', reading(log, 'views'), true, 'views'),
      check(2, 'absence', reading(log, 'absence', 50), false, 'absence'),
      check(
        1,
        'replay',
        async (t) => {
          log.push('replay+');
          await t.request({ path: `/users/${t.settings.userIdA}` });
          await t.run.phases?.ended('unusual');
          log.push('replay after unusual');
          t.passed('replayed');
        },
        false,
        'replay',
      ),
      check(0, 'unusual', reading(log, 'unusual', 100), false, 'unusual'),
    ]);
    expect(run.results.map((r) => r.outcome)).toEqual(['pass', 'pass', 'pass', 'pass']);
    expect(log.indexOf('replay+')).toBeLessThan(log.indexOf('unusual-'));
    expect(log.indexOf('absence+')).toBeLessThan(log.indexOf('unusual-'));
    expect(log.indexOf('replay after unusual')).toBeGreaterThan(log.indexOf('unusual-'));
    expect(log.indexOf('views+')).toBeGreaterThan(Math.max(log.indexOf('replay after unusual'), log.indexOf('absence-')));
  });

  test('--fail-fast stops further starts, yet a check already waiting on a phase resumes once that phase has ended', async () => {
    const log: string[] = [];
    const run = await runChecksOf(
      settings({ concurrency: 4 }),
      [
        check(0, 'unusual', async (t) => t.fail('seen broken', {}), false, 'unusual'),
        check(1, 'unusual', reading(log, 'unusual', 100), false, 'unusual'),
        check(
          2,
          'replay',
          async (t) => {
            await t.run.phases?.ended('unusual');
            log.push('replay after unusual');
            t.passed('ended');
          },
          false,
          'replay',
        ),
        check(3, 'views', reading(log, 'never'), false, 'views'),
      ],
      { failFast: true },
    );
    expect(run.results.map((r) => r.outcome)).toEqual(['fail', 'pass', 'pass']);
    expect(log).toEqual(['unusual+', 'unusual-', 'replay after unusual']);
  });
});
