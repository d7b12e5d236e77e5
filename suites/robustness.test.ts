/**
 * Unusual requests never 5xx (src/robustness/unusual-request.ts): a property over HTTP's and JSON's
 * grammar, seeded by --seed, shrunk by fast-check to the smallest request that shows a 5xx. Bounded:
 * ROBUSTNESS_RUNS requests (the systematic core first) and a few more to shrink. Read-only mode sends
 * safe methods only; once the write budget is spent, a write is not sent and proves nothing.
 *
 * Every request is first sent side by side (bounded), so a target that answers them all costs a few
 * round trips, not one per request; only when one is answered 5xx does the property run, one request
 * at a time, to shrink it.
 */
import fc from 'fast-check';
import { isHttpError } from '../src/http/errors.js';
import { reportProperty, runProperty, type Verdict } from '../src/property/run-property.js';
import { isWrite, systematicUnusualRequests, unusualRequest, type UnusualRequest } from '../src/robustness/unusual-request.js';
import { conformanceCheck } from '../src/suite/check.js';
import { inBatches } from '../src/suite/in-batches.js';
import type { Probe } from '../src/suite/probe.js';

/** Runs of the property: the systematic core (about 60 requests) comes first, random draws fill the rest. */
export const ROBUSTNESS_RUNS = 100;
const IN_FLIGHT = 8;

function judgeFor(t: Probe): (request: UnusualRequest) => Promise<Verdict> {
  return async (request) => {
    let exchange;
    try {
      exchange = await t.request({ method: request.method, path: request.path, ...(request.headers ? { headers: request.headers } : {}), ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : {}) });
    } catch (error) {
      if (isHttpError(error) && isWrite(request) && error.code === 'WRITE_BUDGET') return { ok: true, unproven: 'the write budget is spent' };
      throw error;
    }
    if (exchange.status < 500) return { ok: true };
    return { ok: false, problem: `${request.kind} was answered ${exchange.status}`, expected: 'any answer but a 5xx', actual: String(exchange.status), exchange };
  };
}

conformanceCheck(
  'robustness.unusual-requests-no-5xx',
  async (t) => {
    const writes = !t.settings.readOnly;
    const examples = systematicUnusualRequests(t.settings.userIdA, writes);
    const arbitrary = unusualRequest(t.settings.userIdA, writes);
    const judge = judgeFor(t);
    const requests = [...examples, ...fc.sample(arbitrary, { seed: t.settings.seed, numRuns: Math.max(0, ROBUSTNESS_RUNS - examples.length) })];
    const verdicts = await inBatches(requests, IN_FLIGHT, judge);
    const failed = verdicts.findIndex((v) => !v.ok);
    if (failed === -1) {
      const unproven = verdicts.filter((v) => v.unproven !== undefined).length;
      t.passed(`no unusual request is answered with a 5xx: held for ${requests.length - unproven} request(s) (seed ${t.settings.seed})${unproven > 0 ? `; ${unproven} write(s) not sent: the write budget is spent` : ''}`);
      return;
    }
    // Shrink: the property draws the same requests from the same seed, one at a time.
    const outcome = await runProperty(t, { arbitrary, numRuns: ROBUSTNESS_RUNS, examples, judge, describe: (r) => r.kind });
    if (outcome.failure === undefined) {
      const verdict = verdicts[failed] as Verdict;
      t.fail(`no unusual request is answered with a 5xx does not hold: ${verdict.problem} (seed ${t.settings.seed}; not seen again when sent alone, so not shrunk)`, {
        ...(verdict.exchange ? { exchange: verdict.exchange } : {}),
        expected: 'any answer but a 5xx',
        ...(verdict.actual !== undefined ? { actual: verdict.actual } : {}),
      });
      return;
    }
    reportProperty(t, outcome, { what: 'no unusual request is answered with a 5xx', describe: (r) => r.kind });
  },
  { sequential: true },
);
