/**
 * What a check's body works with: it sends requests through the run's client, and records
 * findings as data (ajv-style) instead of throwing on the first one, so one run shows every
 * problem of a check. The outcome is derived from the findings and the requirement's level.
 */
import { requirement } from '../core/requirements.js';
import type { RequestOptions } from '../http/client.js';
import { toEvidence } from '../http/evidence.js';
import { isServerError, isSuccess, type Exchange } from '../http/exchange.js';
import { describeViolations, validate, type SchemaName } from '../contract/schema/validator.js';
import { violatedRequirements } from '../contract/schema/violated-requirements.js';
import type { CheckResult, CheckSpec, CreatedResource, Finding, GrammarCoverage, Outcome, Recurrence } from '../contract/checks/types.js';
import type { RunContext } from './context-for.js';
import { InconclusiveSignal, SkipSignal } from './signals.js';

/** Exchanges kept as evidence per check: the first few and the last few, plus any a finding names. */
const KEEP_FIRST = 2;
const KEEP_LAST = 3;
const MAX_FINDINGS = 50;

export interface FindingDetail {
  exchange?: Exchange;
  expected?: string;
  actual?: string;
  counterexample?: string;
  counterexampleCurl?: string;
  /** The requirements the finding shows broken, when known (see Finding.requirements). */
  requirements?: string[];
  /** How often the finding recurred on the run's identical requests (src/harness/recurrence.ts). */
  recurrence?: Recurrence | undefined;
}

export class Probe {
  private readonly findings: Finding[] = [];
  private droppedFindings = 0;
  private readonly first: Exchange[] = [];
  private readonly last: Exchange[] = [];
  private readonly pinned = new Map<number, Exchange>();
  private exchangeCount = 0;
  private span: { first: number; last: number } | undefined;
  private assertions = 0;
  private passNote: string | undefined;
  private readonly coverages: GrammarCoverage[] = [];
  /** When the check began (performance.now()): its time bound runs from here. */
  readonly startedAt = performance.now();

  constructor(
    readonly spec: CheckSpec,
    readonly run: RunContext,
  ) {}

  get settings() {
    return this.run.settings;
  }

  /** What is left of the check's time bound (settings.checkTimeoutMs from its start), in ms. */
  timeLeftMs(): number {
    return this.run.settings.checkTimeoutMs - (performance.now() - this.startedAt);
  }

  /** Send a request through the run's client and keep it as evidence of this check. */
  async request(options: RequestOptions): Promise<Exchange> {
    const exchange = await this.run.client.send(options);
    this.attach(exchange);
    return exchange;
  }

  /** Keep an exchange made elsewhere (a request shared by several checks) as evidence of this one. */
  attach(exchange: Exchange): void {
    this.exchangeCount += 1;
    this.span =
      this.span === undefined
        ? { first: exchange.seq, last: exchange.seq }
        : { first: Math.min(this.span.first, exchange.seq), last: Math.max(this.span.last, exchange.seq) };
    if (this.first.length < KEEP_FIRST) {
      this.first.push(exchange);
      return;
    }
    this.last.push(exchange);
    if (this.last.length > KEEP_LAST) this.last.shift();
  }

  /** A MUST-level problem (a warn when the check's requirement is only a SHOULD). */
  fail(message: string, detail: FindingDetail = {}): void {
    this.record('fail', message, detail);
  }

  /** A convention broken where the spec is silent. */
  warn(message: string, detail: FindingDetail = {}): void {
    this.record('warn', message, detail);
  }

  /** Count a successful assertion; a check that asserted nothing is reported, never passed. */
  /** Records what a request grammar the check explored covered (results.json grammars, the reports' coverage line). */
  coverage(record: GrammarCoverage): void {
    this.coverages.push(record);
  }

  passed(note?: string): void {
    this.assertions += 1;
    if (note !== undefined) this.passNote = note;
  }

  /** End the check as skipped: say why, and what would enable it. */
  skip(reason: string): never {
    throw new SkipSignal(reason);
  }

  inconclusive(reason: string): never {
    throw new InconclusiveSignal(reason);
  }

  /** The answer is a 2xx; otherwise a finding, and false. */
  expectSuccess(exchange: Exchange, what: string): boolean {
    if (isSuccess(exchange)) {
      this.passed();
      return true;
    }
    // A 5xx is the universal defect first (RFC 9110 15.6), whatever the check was after.
    this.fail(`${what}: expected a 2xx answer, got ${exchange.status}`, {
      exchange,
      expected: '2xx',
      actual: String(exchange.status),
      ...(isServerError(exchange) ? { requirements: ['http.no-5xx'] } : {}),
    });
    return false;
  }

  /** The body parses as JSON (spec: "Bodies are JSON."). */
  expectJson(exchange: Exchange, what: string): boolean {
    if (exchange.jsonError === undefined && exchange.bodyText.length > 0) {
      this.passed();
      return true;
    }
    const actual = exchange.bodyText.length === 0 ? 'an empty body' : `a body that is not JSON (${exchange.jsonError})`;
    this.fail(`${what}: expected a JSON body, got ${actual}`, { exchange, expected: 'JSON', actual });
    return false;
  }

  /** The value matches the named schema; every violation becomes one finding. */
  expectSchema(value: unknown, schema: SchemaName, what: string, exchange?: Exchange): boolean {
    const violations = validate(schema, value);
    if (violations.length === 0) {
      this.passed();
      return true;
    }
    this.fail(`${what} does not match schemas/${schema}.schema.json: ${describeViolations(violations)}`, {
      ...(exchange ? { exchange } : {}),
      expected: `a value valid against ${schema}`,
      actual: describeViolations(violations, 10),
      // The fields that broke, and the check's own statement of that answer (a User Bank "with all its fields").
      ...withRequirements(withOwn(violatedRequirements(schema, violations), this.spec.requirement)),
    });
    return false;
  }

  private record(severity: Finding['severity'], message: string, detail: FindingDetail): void {
    this.assertions += 1;
    if (this.findings.length >= MAX_FINDINGS) {
      this.droppedFindings += 1;
      return;
    }
    const finding: Finding = { severity, message: this.run.redactor.text(message) };
    if (detail.exchange) {
      this.pinned.set(detail.exchange.seq, detail.exchange);
      finding.exchange = detail.exchange.seq;
    }
    if (detail.expected !== undefined) finding.expected = this.run.redactor.text(detail.expected);
    if (detail.actual !== undefined) finding.actual = this.run.redactor.text(detail.actual);
    // A finding that names no value itself shows the answer it judged, so every FAIL and WARN says what was seen.
    else if (detail.exchange !== undefined) finding.actual = answerSeen(detail.exchange, this.run.redactor);
    if (detail.counterexample !== undefined) finding.counterexample = this.run.redactor.text(detail.counterexample);
    if (detail.counterexampleCurl !== undefined) finding.counterexampleCurl = this.run.redactor.text(detail.counterexampleCurl);
    if (detail.requirements !== undefined) finding.requirements = detail.requirements;
    if (detail.recurrence !== undefined) finding.recurrence = detail.recurrence;
    this.findings.push(finding);
  }

  /** The check's result; `ended` says how the body ended (normally, or with a signal or error). */
  result(ended: { skip?: string; inconclusive?: string; internalError?: string }, durationMs: number): CheckResult {
    const level = requirement(this.spec.requirement).level;
    const findings = level === 'SHOULD' ? this.findings.map((f) => ({ ...f, severity: 'warn' as const })) : this.findings;
    let outcome: Outcome;
    let message: string;
    if (ended.internalError !== undefined) {
      outcome = 'inconclusive';
      message = `internal error in the check: ${ended.internalError}`;
    } else if (findings.some((f) => f.severity === 'fail')) {
      outcome = 'fail';
      message = summarize(
        findings.filter((f) => f.severity === 'fail'),
        this.droppedFindings,
      );
    } else if (ended.inconclusive !== undefined) {
      outcome = 'inconclusive';
      message = ended.inconclusive;
    } else if (findings.length > 0) {
      outcome = 'warn';
      message = summarize(findings, this.droppedFindings);
    } else if (ended.skip !== undefined) {
      outcome = 'skip';
      message = ended.skip;
    } else if (this.assertions === 0) {
      outcome = 'inconclusive';
      message = 'the check asserted nothing (a defect of the check itself)';
      ended.internalError = message;
    } else {
      outcome = 'pass';
      message = this.passNote ?? `ok (${this.exchangeCount} request${this.exchangeCount === 1 ? '' : 's'})`;
    }
    const kept = new Map<number, Exchange>();
    for (const exchange of [...this.first, ...this.pinned.values(), ...this.last]) kept.set(exchange.seq, exchange);
    return {
      id: this.spec.id,
      outcome,
      message: this.run.redactor.text(message),
      findings,
      exchanges: [...kept.values()].sort((a, b) => a.seq - b.seq).map((e) => toEvidence(e, this.run.redactor)),
      exchangeCount: this.exchangeCount,
      created: this.run.client.takeCreatedResources(this.spec.id).map(({ id, purpose }): CreatedResource => {
        // Whose it is, as created.json says it (created-owners.ts), so the two lists never disagree.
        const owner = this.run.owners?.of(id);
        return {
          resource: 'user_bank',
          id,
          ...(purpose !== undefined ? { purpose } : {}),
          ...(owner !== undefined ? { caller: owner.caller, user_id: owner.user_id } : {}),
        };
      }),
      durationMs,
      ...(ended.internalError !== undefined ? { internalError: this.run.redactor.text(ended.internalError) } : {}),
      ...(this.coverages.length > 0 ? { coverage: this.coverages } : {}),
      ...(this.span !== undefined ? { span: this.span } : {}),
    };
  }
}

const withRequirements = (ids: string[] | undefined): { requirements?: string[] } => (ids ? { requirements: ids } : {});
const withOwn = (ids: string[] | undefined, own: string): string[] | undefined => (ids ? [...new Set([...ids, own])] : undefined);

function summarize(findings: Finding[], dropped: number): string {
  const first = findings[0]?.message ?? '';
  const more = findings.length - 1 + dropped;
  return more > 0 ? `${first} (and ${more} more)` : first;
}

/**
 * Characters of an answer shown as a finding's "seen": a whole User masked to its shape (about 520
 * characters, its placeholders longer than the values they hide) fits, so its date_of_birth and
 * address show their shape too.
 */
const SEEN_BODY = 600;

/** An answer as a finding's "seen": its status and the start of its body, personal members masked. */
function answerSeen(exchange: Exchange, redactor: RunContext['redactor']): string {
  const body = redactor.body(exchange.bodyText).replace(/\s+/g, ' ');
  const shown = body.length > SEEN_BODY ? `${body.slice(0, SEEN_BODY)}… (${body.length} characters)` : body;
  return `${exchange.status}${shown === '' ? ' with an empty body' : ` ${shown}`}`;
}
