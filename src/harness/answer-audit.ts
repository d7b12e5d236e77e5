/**
 * Every answer of the run is a test: whichever check sent a request (a property's generated body, a
 * walk's page, a replay), its 2xx answer is held to what the spec states of that operation's answer:
 * - its body matches the operation's schema (spec 2, 4);
 * - a list's items are a set: no id twice on one page (2.1-2.3 "Unique identifier"), and the RfP
 *   list holds one registration per use case (spec 1: "one per permitted use case");
 * - a create's answer carries the account_number and routing_number as they were sent (4.1) and the
 *   user_id it was linked to (2.1);
 * - a User Bank reads the same in every view that shows it, its create answer included: the fields a
 *   bank is created with, its id and its created_at (the instant) never differ between two answers
 *   (status, verification_status and the RTP flags may move: their transitions are not shown, spec 3).
 * Only the spec's own paths, spelled as the checks spell them, are audited; what a check judges
 * itself is judged here again, which costs a validation per answer and no request.
 */
import { sameInstant } from '../core/domain/iso8601.js';
import { isRecord } from '../core/domain/is-record.js';
import type { Exchange } from '../http/exchange.js';
import { isSuccess, sentObject } from '../http/exchange.js';
import { describeViolations, validate, type SchemaName } from '../contract/schema/validator.js';
import { violatedRequirements } from '../contract/schema/violated-requirements.js';
import { operationOf } from './invariants/seen-exchange.js';
import type { RequestRecurrence } from './recurrence.js';

export interface AuditFinding {
  message: string;
  requirements: string[];
  exchange: Exchange;
}

/** The audit's name where it counts how often a finding recurred (recurrence.ts). */
export const AUDIT_JUDGE = 'audit';

/** Findings kept per run (the first ones; the count goes on). */
const MAX_KEPT = 20;
/** User Banks remembered for the cross-view comparison; a walk of a huge list compares its first ones. */
const MAX_TRACKED = 50_000;
/** The fields a User Bank keeps for life (2.1, 4.1): what it was created with, and when. */
const FIXED_FIELDS = ['user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type', 'created_at'] as const;

/** The fixed fields of a bank as first read, in FIXED_FIELDS' order (a plain loop: it runs for every new bank of every page). */
function fixedFieldsOf(item: Record<string, unknown>): unknown[] {
  const fields = new Array<unknown>(FIXED_FIELDS.length);
  for (let i = 0; i < FIXED_FIELDS.length; i += 1) fields[i] = item[FIXED_FIELDS[i] as string];
  return fields;
}

/** The first value of `key` that an earlier item of the list already had (items without it, or not objects, are passed over). */
function firstRepeated(items: readonly unknown[], key: string): unknown {
  const seen = new Set<unknown>();
  for (const item of items) {
    const value = isRecord(item) ? item[key] : undefined;
    if (value === undefined) continue;
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

type Operation = { schema: SchemaName; kind: 'create' | 'list-banks' | 'list-rfps' | 'user' };

/** Each operation of the spec with the schema of its answer. */
const OPERATIONS: Record<Operation['kind'], Operation> = {
  create: { schema: 'user-bank', kind: 'create' },
  'list-banks': { schema: 'user-bank-list', kind: 'list-banks' },
  'list-rfps': { schema: 'rfp-registration-list', kind: 'list-rfps' },
  user: { schema: 'user', kind: 'user' },
};

/** The statement of each operation's answer (4.1-4.4), which an answer that is not its resource breaks too. */
const RESPONSE_OF: Record<Operation['kind'], string> = {
  create: 'create_user_bank.response',
  'list-banks': 'list_user_banks.response',
  'list-rfps': 'list_rfp_registrations.response',
  user: 'get_user.response',
};

/**
 * Whether the answer claims to be the operation's resource: an object with an id (create, User) or a
 * data member (lists). Status codes and error shapes are not shown (spec 7): a refusal answered 200
 * with an error object is a convention broken (the checks aimed at refusals warn), not a resource.
 */
function claimsTheShape(json: unknown, operation: Operation): boolean {
  if (!isRecord(json)) return false;
  return operation.kind === 'list-banks' || operation.kind === 'list-rfps' ? 'data' in json : 'id' in json;
}

export class AnswerAudit {
  readonly findings: AuditFinding[] = [];
  audited = 0;
  found = 0;
  private readonly basePath: string;
  /** Each User Bank as first seen: its fixed fields, and where they were seen. */
  private readonly banks = new Map<string, { fields: unknown[]; where: string }>();

  constructor(
    baseUrl: string,
    private readonly recurrence?: RequestRecurrence,
  ) {
    this.basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  }

  private operationOf(method: string, url: URL): Operation | undefined {
    const { operation } = operationOf(method, url, this.basePath);
    return operation === undefined ? undefined : OPERATIONS[operation];
  }

  inspect(exchange: Exchange): void {
    if (!isSuccess(exchange) || exchange.json === undefined) return;
    const url = new URL(exchange.request.url);
    const operation = this.operationOf(exchange.request.method, url);
    if (operation === undefined || !claimsTheShape(exchange.json, operation)) return;
    this.audited += 1;
    const what = `${exchange.request.method} ${url.pathname} (answered ${exchange.status})`;
    const violations = validate(operation.schema, exchange.json);
    if (violations.length > 0) {
      this.add(
        `${what}: the answer does not match schemas/${operation.schema}.schema.json: ${describeViolations(violations, 3)}`,
        [...(violatedRequirements(operation.schema, violations) ?? []), RESPONSE_OF[operation.kind]],
        exchange,
      );
      return;
    }
    if (operation.kind === 'create') this.inspectCreate(exchange, what);
    else if (operation.kind !== 'user') this.inspectSet(exchange, what, operation.kind);
    if (operation.kind === 'create') this.compareViews([exchange.json], exchange, what);
    else if (operation.kind === 'list-banks') this.compareViews((exchange.json as { data: unknown[] }).data, exchange, what);
  }

  private inspectCreate(exchange: Exchange, what: string): void {
    const sent = sentObject(exchange);
    if (sent === undefined || !isRecord(exchange.json)) return;
    for (const [field, requirement] of [
      ['account_number', 'create_user_bank.returned_as_given'],
      ['routing_number', 'create_user_bank.returned_as_given'],
      ['user_id', 'create_user_bank.linked_user'],
    ] as const) {
      const given = sent[field];
      if (typeof given === 'string' && exchange.json[field] !== given) {
        this.add(
          `${what}: ${field} was sent as ${JSON.stringify(given)} and answered as ${JSON.stringify(exchange.json[field])}`,
          [requirement],
          exchange,
        );
      }
    }
  }

  private inspectSet(exchange: Exchange, what: string, kind: 'list-banks' | 'list-rfps'): void {
    const data = (exchange.json as { data: unknown[] }).data;
    const keys: Array<[string, string]> =
      kind === 'list-rfps'
        ? [
            ['id', 'rfp_registration.id'],
            ['use_case', 'rfp_registration.one_per_use_case'],
          ]
        : [['id', 'user_bank.id']];
    for (const [key, requirement] of keys) {
      const twice = firstRepeated(data, key);
      if (twice !== undefined) this.add(`${what}: ${key} ${JSON.stringify(twice)} appears twice in one answer`, [requirement], exchange);
    }
  }

  /** Each bank against its first reading: the fields it keeps for life must read the same. */
  private compareViews(items: readonly unknown[], exchange: Exchange, what: string): void {
    for (const item of items) {
      if (!isRecord(item) || (typeof item.id !== 'string' && typeof item.id !== 'number')) continue;
      const id = String(item.id);
      const first = this.banks.get(id);
      if (first === undefined) {
        if (this.banks.size < MAX_TRACKED) this.banks.set(id, { fields: fixedFieldsOf(item), where: what });
        continue;
      }
      for (let i = 0; i < FIXED_FIELDS.length; i += 1) {
        const field = FIXED_FIELDS[i] as (typeof FIXED_FIELDS)[number];
        const before = first.fields[i];
        const now = item[field];
        const same = field === 'created_at' ? sameInstant(before, now) : before === now;
        if (!same) {
          // Account and routing numbers are not printed: a differing one is still a real account's number.
          const [shownNow, shownBefore] = field.endsWith('_number')
            ? ['another value', 'the one first seen']
            : [JSON.stringify(now), JSON.stringify(before)];
          this.add(
            `${what}: User Bank ${id} shows ${field} ${shownNow}, while ${first.where} showed ${shownBefore}: one bank, two readings`,
            [field === 'account_number' || field === 'routing_number' ? 'create_user_bank.returned_as_given' : `user_bank.${field}`],
            exchange,
          );
          break;
        }
      }
    }
  }

  private add(message: string, requirements: string[], exchange: Exchange): void {
    this.found += 1;
    this.recurrence?.found(AUDIT_JUDGE, exchange, message);
    if (this.findings.length < MAX_KEPT) this.findings.push({ message, requirements, exchange });
  }
}
