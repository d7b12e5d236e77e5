/**
 * The property runner against a faulty reference, in process: a failure is shrunk within its bound,
 * carries seed, path and curl, and the same seed replays the same counterexample; a spent write
 * budget stops generation (what was proved is said), never fails the property.
 */
import { ExchangeInvariants } from '../../src/harness/invariants/exchange-invariants.js';
import { AnswerAudit } from '../../src/harness/answer-audit.js';
import { RequestRecurrence } from '../../src/harness/recurrence.js';
import { ListViews } from '../../src/core/model/list-views.js';
import { afterEach, describe, expect, test } from 'vitest';
import { createBody } from '../../src/contract/arbitraries/create-body.js';
import { checkSpec } from '../../src/contract/checks/registry.js';
import type { CreateBody } from '../../src/core/domain/user-bank.js';
import { HttpClient } from '../../src/http/client.js';
import { bankLinkingApi } from '../../src/contract/operations/bank-linking-api.js';
import { counterexampleCurl, counterexampleText, drawnInputs, runProperty } from '../../src/methods/property/run-property.js';
import { SendCache } from '../../src/methods/property/send-cache.js';
import { describeBody, judgeReturnedAsGiven } from '../../src/methods/property/valid-creation.js';
import type { FaultName } from '../../src/lab/faults/index.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import type { RunContext } from '../../src/harness/context-for.js';
import { Probe } from '../../src/harness/probe.js';
import { redactorFor } from '../../src/harness/secrets.js';
import type { RunSettings } from '../../src/harness/settings.js';
import { TrafficRecorder } from '../../src/http/traffic-record.js';
import { JudgedChecks } from '../../src/harness/judged-checks.js';

const opened: { reference: RunningReference; client: HttpClient }[] = [];
afterEach(async () => {
  for (const { reference, client } of opened.splice(0)) {
    await client.close();
    await reference.close();
  }
});

async function probeAgainst(faults: FaultName[], seed: number, maxWrites = 150): Promise<{ t: Probe; reference: RunningReference }> {
  const reference = await startReference({ faults });
  const settings: RunSettings = {
    baseUrl: reference.url,
    embedded: false,
    tokenA: reference.callers.a.token,
    userIdA: reference.callers.a.userIds[0] as string,
    readOnly: false,
    maxWrites,
    seed,
    runs: 25,
    concurrency: 4,
    rateLimit: 0,
    timeoutMs: 5_000,
    maxBodyBytes: 5_000_000,
    checkTimeoutMs: 30_000,
  };
  const client = new HttpClient({
    ...settings,
    api: bankLinkingApi,
    maxRetryAfterMs: 1_000,
    maxThrottleRetries: 1,
    throttleBudgetMs: 2_000,
  });
  opened.push({ reference, client });
  const run: RunContext = {
    settings,
    client,
    judged: new JudgedChecks(),
    redactor: redactorFor(settings),
    // A client made here has no run observers: its answers are not learned, recorded or judged.
    observers: [],
    audit: new AnswerAudit(settings.baseUrl),
    recurrence: new RequestRecurrence(),
    invariants: new ExchangeInvariants(settings),
    views: new ListViews(),
    traffic: new TrafficRecorder(),
  };
  return { t: new Probe(checkSpec('user-banks.create.returned-as-given'), run), reference };
}

async function returnedAsGiven(t: Probe, shrinkCalls?: number) {
  const sends = new SendCache<CreateBody>(
    t.run.client,
    (b) => JSON.stringify(b),
    (json) => ({ method: 'POST', path: '/user_banks', json }),
  );
  return runProperty(t, {
    arbitrary: createBody(t.settings.userIdA),
    numRuns: 25,
    describe: describeBody,
    ...(shrinkCalls !== undefined ? { shrinkCalls } : {}),
    judge: async (body) => judgeReturnedAsGiven(await sends.send(body)),
  });
}

describe('runProperty', () => {
  test('a failure gives seed, path, a shrunk counterexample and a curl line; the same seed replays it', async () => {
    const first = await probeAgainst(['bank-leading-zeros-dropped'], 1234);
    const a = await returnedAsGiven(first.t);
    const second = await probeAgainst(['bank-leading-zeros-dropped'], 1234);
    const b = await returnedAsGiven(second.t);
    expect(a.failure).toBeDefined();
    expect(a.failure?.path).toBe(b.failure?.path);
    expect(a.failure?.value).toEqual(b.failure?.value);
    const text = counterexampleText(a, describeBody) as string;
    expect(text).toContain('seed 1234');
    expect(text).toContain(`path "${a.failure?.path}"`);
    // The curl line stands apart from the counterexample, so a reader can copy it whole.
    expect(text).not.toContain('curl ');
    const curl = counterexampleCurl(first.t, a.failure?.verdict.exchange) as string;
    expect(curl).toMatch(/^curl /);
    expect(curl).not.toContain(first.reference.callers.a.token);
    expect(text).not.toContain(first.reference.callers.a.token);
    // The shrunk account or routing number still shows what broke: a leading zero.
    const value = a.failure?.value as CreateBody;
    expect(value.account_number.startsWith('0') || value.routing_number.startsWith('0')).toBe(true);
  });

  test('shrinking sends at most shrinkCalls more requests after the first failure', async () => {
    const { t, reference } = await probeAgainst(['bank-leading-zeros-dropped'], 99);
    const outcome = await returnedAsGiven(t, 3);
    expect(outcome.failure).toBeDefined();
    const firstFailingRun = Number(outcome.failure?.path.split(':')[0]);
    expect(reference.requestCounts.POST).toBeLessThanOrEqual(firstFailingRun + 1 + 3);
  });

  test('a spent write budget stops generation: the runs sent are the proof, nothing fails', async () => {
    const { t, reference } = await probeAgainst([], 5, 4);
    const outcome = await returnedAsGiven(t);
    expect(outcome.failure).toBeUndefined();
    expect(outcome.judged).toBe(4);
    expect(outcome.stoppedBy).toMatch(/write budget/);
    expect(reference.requestCounts.POST).toBe(4);
  });

  test('a conformant reference holds for every run', async () => {
    const { t } = await probeAgainst([], 42);
    const outcome = await returnedAsGiven(t);
    expect(outcome.failure).toBeUndefined();
    expect(outcome.judged).toBe(25);
  });

  test('the inputs drawn ahead (to be sent side by side into the cache) are those the property judges, in its order; prefilled, it sends nothing more', async () => {
    const { t, reference } = await probeAgainst([], 7);
    const drawn = await drawnInputs(t, { arbitrary: createBody(t.settings.userIdA), numRuns: 25 });
    const sends = new SendCache<CreateBody>(
      t.run.client,
      (b) => JSON.stringify(b),
      (json) => ({ method: 'POST', path: '/user_banks', json }),
    );
    await sends.prefill(drawn, 4);
    expect(reference.requestCounts.POST).toBe(25);
    const judged: CreateBody[] = [];
    const outcome = await runProperty(t, {
      arbitrary: createBody(t.settings.userIdA),
      numRuns: 25,
      describe: describeBody,
      judge: async (body) => {
        judged.push(body);
        return judgeReturnedAsGiven(await sends.send(body));
      },
    });
    expect(outcome.judged).toBe(25);
    expect(judged).toEqual(drawn);
    expect(reference.requestCounts.POST).toBe(25);
  });
});
