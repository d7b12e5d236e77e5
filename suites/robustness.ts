/**
 * Unusual requests never 5xx (src/methods/robustness/unusual-request.ts): a property over HTTP's and JSON's
 * grammar, seeded by --seed, shrunk by fast-check to the smallest request that shows a 5xx. Bounded:
 * ROBUSTNESS_RUNS requests (the systematic core first) and a few more to shrink. Read-only mode sends
 * safe methods only; once the write budget is spent, a write is not sent and proves nothing.
 *
 * Every request is first sent side by side (bounded), so a target that answers them all costs a few
 * round trips, not one per request; only when one is answered 5xx does the property run, one request
 * at a time, to shrink it.
 */
import type { Exchange } from '../src/http/exchange.js';
import { reportProperty, runProperty, type Verdict } from '../src/methods/property/run-property.js';
import {
  ROBUSTNESS_RUNS,
  grammarCoverage,
  readGrammarCoverage,
  screenUnusualRequests,
  sendUnusual,
  unusualArbitrary,
  unusualExamples,
} from '../src/methods/robustness/screen.js';
import type { UnusualRequest } from '../src/methods/robustness/unusual-request.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

inSuite('robustness', 'unusual');

function judgeFor(t: Probe): (request: UnusualRequest) => Promise<Verdict> {
  return async (request) => {
    const exchange = await sendUnusual(t, request);
    return verdictOf(request, exchange);
  };
}

function verdictOf(request: UnusualRequest, exchange: Exchange | undefined): Verdict {
  if (exchange === undefined) return { ok: true, unproven: 'the write budget is spent' };
  if (exchange.status < 500) return { ok: true };
  return {
    ok: false,
    problem: `${request.kind} was answered ${exchange.status}`,
    expected: 'any answer but a 5xx',
    actual: String(exchange.status),
    exchange,
  };
}

/** What the create and read grammars covered, into results.json (grammars) and the reports' coverage line. */
function recordCoverage(t: Probe): void {
  const create = grammarCoverage(t);
  if (create)
    t.coverage({
      grammar: 'POST /user_banks',
      components: create.components,
      pairs: create.pairs,
      covered: create.covered,
      requests: create.requests,
    });
  for (const op of readGrammarCoverage(t)?.operations ?? [])
    t.coverage({
      grammar: op.template.split('?')[0] as string,
      components: op.components,
      pairs: op.pairs,
      covered: op.covered,
      requests: op.requests,
      budget: readGrammarCoverage(t)?.budget as number,
    });
}

conformanceCheck(
  {
    id: 'robustness.unusual-requests-no-5xx',
    area: 'robustness',
    requirement: 'http.no-5xx',
    title: 'Unusual but legal requests are never answered with a 5xx',
    description:
      'Unusual but legal requests (methods not defined, repeated or odd query values, long and non-ASCII values, other labels and Accept values) are never answered with a 5xx',
  },
  async (t) => {
    const screened = await screenUnusualRequests(t);
    const examples = unusualExamples(t);
    const arbitrary = unusualArbitrary(t);
    const judge = judgeFor(t);
    recordCoverage(t);
    const verdicts = screened.map(({ request, exchange }) => verdictOf(request, exchange));
    const failed = verdicts.findIndex((v) => !v.ok);
    if (failed === -1) {
      const unproven = verdicts.filter((v) => v.unproven !== undefined).length;
      const grammar = grammarCoverage(t);
      const coverage = grammar
        ? `; POST /user_banks grammar: ${grammar.components.map((c) => `${c.name} ${c.classes} classes`).join(', ')}, ${grammar.covered} of ${grammar.pairs} pairs in ${grammar.requests} requests`
        : '';
      const reads = readGrammarCoverage(t);
      const readCoverage = reads
        ? `; read grammar: ${reads.operations.map((o) => `${o.template.split('?')[0]} ${o.components.map((c) => `${c.name} ${c.classes}`).join(', ')}: ${o.covered} of ${o.pairs} pairs in ${o.requests} requests`).join('; ')} (budget ${reads.budget})`
        : '';
      t.passed(
        `no unusual request is answered with a 5xx: held for ${screened.length - unproven} request(s) (seed ${t.settings.seed})${unproven > 0 ? `; ${unproven} write(s) not sent: the write budget is spent` : ''}${coverage}${readCoverage}`,
      );
      return;
    }
    // Shrink: the property draws the same requests from the same seed, one at a time.
    const outcome = await runProperty(t, { arbitrary, numRuns: ROBUSTNESS_RUNS, examples, judge, describe: (r) => r.kind });
    if (outcome.failure === undefined) {
      const verdict = verdicts[failed] as Verdict;
      t.fail(
        `no unusual request is answered with a 5xx does not hold: ${verdict.problem} (seed ${t.settings.seed}; not seen again when sent alone, so not shrunk)`,
        {
          ...(verdict.exchange ? { exchange: verdict.exchange } : {}),
          expected: 'any answer but a 5xx',
          ...(verdict.actual !== undefined ? { actual: verdict.actual } : {}),
        },
      );
      return;
    }
    reportProperty(t, outcome, { what: 'no unusual request is answered with a 5xx', describe: (r) => r.kind });
  },
);
