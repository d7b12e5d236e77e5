/**
 * Run-wide HTTP facts over every exchange the run made. The runner orders this file last (and puts
 * it in every shard), so it sees the whole run's exchange log.
 */
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import { isSuccess, type ExchangeSummary } from '../src/http/exchange.js';
import type { Probe } from '../src/harness/probe.js';
import type { InvariantId } from '../src/harness/invariants/exchange-invariants.js';

inSuite('http');

function overLog(
  t: Probe,
  offending: (e: ExchangeSummary) => boolean,
  message: (e: ExchangeSummary) => string,
  severity: 'fail' | 'warn',
  note = '',
): void {
  const log = t.run.client.log;
  if (log.length === 0) t.skip('no other check sent a request in this run (or shard), so there is nothing to inspect');
  const bad = log.filter(offending);
  for (const e of bad.slice(0, 10)) {
    // The whole exchange when the client kept it (src/http/policies/record.ts notable), so the finding has its curl line.
    const whole = t.run.client.notable.find((x) => x.seq === e.seq);
    t[severity](message(e), { actual: `${e.method} ${e.url} -> ${e.status}`, ...(whole ? { exchange: whole } : {}) });
  }
  if (bad.length > 10) t[severity](`${bad.length - 10} more exchanges like these`);
  if (bad.length === 0) t.passed(`all ${log.length} exchanges inspected${note}`);
}

const path = (e: ExchangeSummary): string => new URL(e.url).pathname;

conformanceCheck(
  'http.no-server-errors',
  async (t) => {
    // A 502/503/504 the client sent again and then got an answer to is the network's refusal (a
    // gateway, a maintenance window), not the API's answer: a fact of the run's traffic, said in the
    // traffic summary ("recoveries: ..."), never a requirement broken, so --strict cannot fail a
    // conformant server on it. One that persisted after the retries, or a write that could not
    // safely be resent, is the server's answer and judged below.
    const resent = t.run.client.log.filter((e) => e.resent === true).length;
    const note =
      resent > 0 ? ` (${resent} transient refusal(s) answered on a resend are not the API's answers: see the traffic summary)` : '';
    overLog(
      t,
      (e) => e.status >= 500 && e.resent !== true,
      (e) => `${e.method} ${path(e)} was answered ${e.status}: a 5xx is a server defect whatever the request`,
      'fail',
      note,
    );
  },
  { sequential: true },
);

conformanceCheck(
  'http.json-bodies',
  async (t) =>
    overLog(
      t,
      // A HEAD answer never has a body (RFC 9110 9.3.2).
      (e) => isSuccess(e) && e.method !== 'HEAD' && (e.bodyBytes === 0 || !e.jsonParses),
      (e) => `${e.method} ${path(e)} answered ${e.status} with ${e.bodyBytes === 0 ? 'an empty body' : 'a body that is not JSON'}`,
      'fail',
    ),
  { sequential: true },
);

conformanceCheck(
  'http.every-answer-conforms',
  async (t) => {
    const { audit } = t.run;
    if (audit.audited === 0)
      t.skip('no check of this run (or shard) received a 2xx answer from an operation of the spec, so there is nothing to audit');
    for (const finding of audit.findings) t.fail(finding.message, { exchange: finding.exchange, requirements: finding.requirements });
    if (audit.found > audit.findings.length) t.fail(`${audit.found - audit.findings.length} more answers like these`);
    if (audit.found === 0) t.passed(`all ${audit.audited} success answers of the spec's operations audited`);
  },
  { sequential: true },
);

conformanceCheck(
  'http.json-content-type',
  async (t) =>
    overLog(
      t,
      (e) => isSuccess(e) && e.bodyBytes > 0 && e.jsonParses && !/\bjson\b|\+json/i.test(e.contentType ?? ''),
      (e) => `${e.method} ${path(e)} sent JSON labelled "${e.contentType ?? '(no content-type)'}"`,
      'warn',
    ),
  { sequential: true },
);

/** One invariant over every exchange of the run (src/harness/invariants/): each violation a finding with its exchange. */
function invariantCheck(id: InvariantId): void {
  conformanceCheck(
    id,
    async (t) => {
      const { invariants } = t.run;
      if (invariants.inspected === 0) t.skip('no other check sent a request in this run (or shard), so there is nothing to inspect');
      const tally = invariants.tally(id);
      for (const f of tally.findings)
        t.fail(f.message, {
          exchange: f.exchange,
          requirements: f.requirements,
          ...(f.expected !== undefined ? { expected: f.expected } : {}),
          ...(f.actual !== undefined ? { actual: f.actual } : {}),
        });
      if (tally.found > tally.findings.length)
        t.fail(`${tally.found - tally.findings.length} more exchanges like these`, {
          requirements: [...new Set(tally.findings.flatMap((f) => f.requirements))],
        });
      if (tally.found === 0) t.passed(`all ${invariants.inspected} exchanges of the run inspected`);
    },
    { sequential: true },
  );
}

invariantCheck('http.pages-within-limit');
invariantCheck('http.filters-keep-their-value');
invariantCheck('http.credentials-required');
invariantCheck('http.caller-data-only');
invariantCheck('http.served-not-refused');
invariantCheck('http.service-assigned-members');
invariantCheck('http.timestamps-rfc3339');
invariantCheck('http.facts-of-creation');
invariantCheck('http.no-phantom-writes');
