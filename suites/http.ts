/**
 * Run-wide HTTP facts over every exchange the run made. The runner orders this file last (and puts
 * it in every shard), so it sees the whole run's exchange log. Each check first awaits the
 * follow-ups the invariants asked for (another spelling of a refused request,
 * src/harness/invariants/served-not-refused.ts), sent once per run, so every check here judges them
 * with the rest of the run's exchanges.
 */
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import { isSuccess, type ExchangeSummary } from '../src/http/exchange.js';
import type { Probe } from '../src/harness/probe.js';
import type { InvariantId } from '../src/harness/invariants/exchange-invariants.js';
import { AUDIT_JUDGE } from '../src/harness/answer-audit.js';
import type { CheckSpec } from '../src/contract/checks/types.js';

inSuite('http', 'run-wide');

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
  {
    id: 'http.no-server-errors',
    area: 'http',
    requirement: 'http.no-5xx',
    title: 'No request of the whole run was answered with a 5xx',
  },
  async (t) => {
    await t.run.invariants.followUp(t.run.client);
    // A 502/503/504 the client sent again and then got an answer to is the network's refusal (a
    // gateway, a maintenance window), not the API's answer: a fact of the run's traffic, said in the
    // traffic summary ("recoveries: ..."), never a requirement broken, so --strict cannot fail a
    // conformant server on it. So is one that persisted while no other request was served (the
    // target was unavailable: its check could not look, src/http/availability.ts). One that persisted
    // while others were served, or a write that could not safely be resent, is the server's answer
    // to that request and judged below.
    const resent = t.run.client.log.filter((e) => e.resent === true).length;
    const unavailable = t.run.client.log.filter((e) => e.unavailable === true).length;
    const note =
      (resent > 0 ? ` (${resent} transient refusal(s) answered on a resend are not the API's answers: see the traffic summary)` : '') +
      (unavailable > 0
        ? ` (${unavailable} refusal(s) met while the target served no request are its unavailability, not answers: their checks could not look)`
        : '');
    overLog(
      t,
      (e) => e.status >= 500 && e.resent !== true && e.unavailable !== true,
      (e) => `${e.method} ${path(e)} was answered ${e.status}: a 5xx is a server defect whatever the request`,
      'fail',
      note,
    );
  },
  { sequential: true },
);

conformanceCheck(
  {
    id: 'http.json-bodies',
    area: 'http',
    requirement: 'json.bodies',
    title: 'Every success answer of the whole run has a body that parses as JSON',
  },
  async (t) => {
    await t.run.invariants.followUp(t.run.client);
    overLog(
      t,
      // A HEAD answer never has a body (RFC 9110 9.3.2).
      (e) => isSuccess(e) && e.method !== 'HEAD' && (e.bodyBytes === 0 || !e.jsonParses),
      (e) => `${e.method} ${path(e)} answered ${e.status} with ${e.bodyBytes === 0 ? 'an empty body' : 'a body that is not JSON'}`,
      'fail',
    );
  },
  { sequential: true },
);

conformanceCheck(
  {
    id: 'http.every-answer-conforms',
    area: 'http',
    requirement: 'list_user_banks.response',
    covers: [
      'create_user_bank.response',
      'list_rfp_registrations.response',
      'get_user.response',
      'create_user_bank.returned_as_given',
      'create_user_bank.linked_user',
      'user_bank.id',
      'rfp_registration.id',
      'rfp_registration.one_per_use_case',
      'user_bank.user_id',
      'user_bank.account_holder_type',
      'user_bank.bank_account_type',
      'user_bank.created_at',
    ],
    title: "Every 2xx answer of the run matches its operation's schema and the other views",
    description:
      "Every 2xx answer of the whole run, whichever check asked, matches its operation's schema, lists each id (and each RfP use case) once, returns a create's values as given, and shows each User Bank as every other view shows it",
  },
  async (t) => {
    await t.run.invariants.followUp(t.run.client);
    const { audit } = t.run;
    if (audit.audited === 0)
      t.skip('no check of this run (or shard) received a 2xx answer from an operation of the spec, so there is nothing to audit');
    for (const finding of audit.findings)
      t.fail(finding.message, {
        exchange: finding.exchange,
        requirements: finding.requirements,
        recurrence: t.run.recurrence.of(AUDIT_JUDGE, finding.exchange, finding.message),
      });
    if (audit.found > audit.findings.length) t.fail(`${audit.found - audit.findings.length} more answers like these`);
    if (audit.found === 0) t.passed(`all ${audit.audited} success answers of the spec's operations audited`);
  },
  { sequential: true },
);

conformanceCheck(
  {
    id: 'http.json-content-type',
    area: 'http',
    requirement: 'conv.content_type',
    title: 'Every JSON success answer is labelled with a JSON content type',
  },
  async (t) => {
    await t.run.invariants.followUp(t.run.client);
    overLog(
      t,
      (e) => isSuccess(e) && e.bodyBytes > 0 && e.jsonParses && !/\bjson\b|\+json/i.test(e.contentType ?? ''),
      (e) => `${e.method} ${path(e)} sent JSON labelled "${e.contentType ?? '(no content-type)'}"`,
      'warn',
    );
  },
  { sequential: true },
);

/** One invariant over every exchange of the run (src/harness/invariants/): each violation a finding with its exchange. */
function invariantCheck(spec: CheckSpec & { id: InvariantId }): void {
  const { id } = spec;
  conformanceCheck(
    spec,
    async (t) => {
      const { invariants } = t.run;
      await invariants.followUp(t.run.client);
      if (invariants.inspected === 0) t.skip('no other check sent a request in this run (or shard), so there is nothing to inspect');
      const tally = invariants.tally(id);
      for (const f of tally.findings)
        t.fail(f.message, {
          exchange: f.exchange,
          requirements: f.requirements,
          ...(f.expected !== undefined ? { expected: f.expected } : {}),
          ...(f.actual !== undefined ? { actual: f.actual } : {}),
          recurrence: t.run.recurrence.of(id, f.exchange, f.message),
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

invariantCheck({
  id: 'http.pages-within-limit',
  area: 'http',
  requirement: 'list_user_banks.limit.maximum',
  covers: ['list_user_banks.limit.range'],
  title: 'No page of GET /user_banks in the run holds more than its limit or 100 items',
  description: 'No page of GET /user_banks in the whole run holds more items than its limit asked, nor more than 100',
});
invariantCheck({
  id: 'http.onward-pages-full',
  area: 'http',
  requirement: 'list_user_banks.limit.range',
  title: 'A page of GET /user_banks that points onward to more items holds its limit',
  description:
    'Every page of GET /user_banks in the whole run whose next_cursor leads to a page holding a User Bank that was listed before it was asked (and was on no page of its walk) holds as many items as its limit, 100 when none was sent: a short page followed by more breaks "Size of the page"',
});
invariantCheck({
  id: 'http.filters-keep-their-value',
  area: 'http',
  requirement: 'list_user_banks.status_filter',
  covers: ['list_user_banks.user_id_filter'],
  title: "Every User Bank of every filtered answer of the run carries the filter's value",
  description: 'Every User Bank of every filtered answer in the whole run carries the status and user_id it was asked for',
});
invariantCheck({
  id: 'http.credentials-required',
  area: 'http',
  requirement: 'auth.required.list_user_banks',
  covers: ['auth.required.create_user_bank', 'auth.required.list_rfp_registrations', 'auth.required.get_user'],
  title: 'No request of the whole run without a caller’s Bearer token was served',
});
invariantCheck({
  id: 'http.caller-data-only',
  area: 'http',
  requirement: 'tenant.isolation',
  title: 'No User Bank or User answered to one caller in the whole run was answered to the other',
});
invariantCheck({
  id: 'http.served-not-refused',
  area: 'http',
  requirement: 'list_user_banks.operation',
  covers: [
    'list_user_banks.limit.range',
    'list_user_banks.status_filter',
    'list_user_banks.user_id_filter',
    'list_user_banks.cursor',
    'list.next_cursor',
    'list_rfp_registrations.operation',
    'get_user.operation',
  ],
  title: 'No request of the run that the spec serves was refused with a 4xx',
  description:
    'No request of the whole run that the spec serves (a caller’s own, every parameter listed and in range, its own cursor) was refused with a 4xx',
});
invariantCheck({
  id: 'http.service-assigned-members',
  area: 'http',
  requirement: 'create_user_bank.response',
  title: 'No create of the run took a service-assigned member from its body',
  description: 'No create of the whole run took a member the service assigns (id, created_at, status, verification_status) from its body',
});
invariantCheck({
  id: 'http.timestamps-rfc3339',
  area: 'http',
  requirement: 'conv.timestamp.rfc3339',
  title: 'Every created_at is in RFC 3339 form (a convention)',
  description: 'Every created_at of the whole run is in RFC 3339 form (extended format, seconds, an offset): a convention',
});
invariantCheck({
  id: 'http.facts-of-creation',
  area: 'http',
  requirement: 'rfp_registration.created_at',
  covers: ['rfp_registration.use_case', 'rfp_registration.id', 'user.created_at'],
  title: 'A User or RfP Registration keeps its created_at, use case and id in every answer',
  description:
    'Every User and RfP Registration of the whole run reads the same created_at (and use case) in every answer, and an RfP Registration reached by its use case keeps its id',
});
invariantCheck({
  id: 'http.no-phantom-writes',
  area: 'http',
  requirement: 'create_user_bank.persisted',
  title: "A listed User Bank with the run's own account number is one a create answered",
  description:
    'Every list answer of the whole run: an item with an account number this run made and sent, under an id no create of the run was answered with, is a write nobody asked for (one accepted create adds exactly one User Bank)',
});
