/**
 * Unusual requests never 5xx (src/robustness/unusual-request.ts): a property over HTTP's and JSON's
 * grammar, seeded by --seed, shrunk by fast-check to the smallest request that shows a 5xx. Bounded:
 * ROBUSTNESS_RUNS requests (the systematic core first) and a few more to shrink. Read-only mode sends safe methods only; once the
 * write budget is spent, a write is not sent and proves nothing.
 */
import { isHttpError } from '../src/http/errors.js';
import { reportProperty, runProperty, type Verdict } from '../src/property/run-property.js';
import { isWrite, systematicUnusualRequests, unusualRequest, type UnusualRequest } from '../src/robustness/unusual-request.js';
import { conformanceCheck } from '../src/suite/check.js';

/** Runs of the property: the systematic core (about 60 requests) comes first, random draws fill the rest. */
export const ROBUSTNESS_RUNS = 120;

conformanceCheck(
  'robustness.unusual-requests-no-5xx',
  async (t) => {
    const judge = async (request: UnusualRequest): Promise<Verdict> => {
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
    const writes = !t.settings.readOnly;
    const examples = systematicUnusualRequests(t.settings.userIdA, writes);
    const outcome = await runProperty(t, { arbitrary: unusualRequest(t.settings.userIdA, writes), numRuns: ROBUSTNESS_RUNS, examples, judge, describe: (r) => r.kind });
    reportProperty(t, outcome, { what: 'no unusual request is answered with a 5xx', describe: (r) => r.kind });
  },
  { sequential: true },
);
