/**
 * Create requests (4.1) that are wrong in one way each, built from a valid body so a rejection can
 * only be about that one thing. Each carries what the suite may expect of the answer:
 * - must-reject: nothing can be linked to no user, so a 2xx is a defect (not a JSON object,
 *   malformed JSON, user_id missing, null, empty, of a type no id has, or unknown);
 * - should-reject: the spec does not say what is required or valid ("not shown"), so a 4xx is
 *   the convention (a warn when accepted);
 * - may-accept: a conformant service may accept it (defaults for an omitted type, values beyond the
 *   known ones, which "not shown" allows, unknown members ignored, and any spelling of the account and
 *   routing numbers: the spec gives each only as a string, with no format, length or checksum, so a
 *   warn on one accepted would rest on a banking rule the spec does not state): either answer is fine.
 * Whatever the expectation, a 5xx is a defect, and a rejected request must create nothing.
 */
import fc from 'fast-check';
import { CREATE_BODY_FIELDS, type CreateBody, type CreateBodyField } from '../../core/domain/user-bank.js';
import { accountNumberOfBadLength } from './account-number.js';
import { unknownTypeValue } from './account-types.js';
import { createBody } from './create-body.js';
import { routingNumber, routingNumberWithBadChecksum } from './routing-number.js';
import { unknownUserId } from './unknown-user-id.js';

export type Expectation = 'must-reject' | 'should-reject' | 'may-accept';

export interface InvalidCreateRequest {
  /** What is wrong, in words (also the key that groups answers in the reports). */
  kind: string;
  expectation: Expectation;
  /** The exact body sent. */
  rawBody: string;
  contentType: string;
  /** The body's user_id when it is a non-empty string other than the configured user's (its listing must stay empty). */
  otherUserId?: string;
}

const JSON_TYPE = 'application/json';
type Mutable = Record<string, unknown>;

const jsonRequest = (kind: string, expectation: Expectation, body: unknown, otherUserId?: string): InvalidCreateRequest => ({
  kind,
  expectation,
  rawBody: JSON.stringify(body),
  contentType: JSON_TYPE,
  ...(otherUserId !== undefined ? { otherUserId } : {}),
});

const withField = (base: CreateBody, field: string, value: unknown): Mutable => ({ ...base, [field]: value });
const without = (base: CreateBody, field: CreateBodyField): Mutable => {
  const copy: Mutable = { ...base };
  delete copy[field];
  return copy;
};

/** Omitting a type may be met with a default (design.md: defaults for omitted create fields are legitimate). */
const MISSING_EXPECTATION: Record<CreateBodyField, Expectation> = {
  user_id: 'must-reject',
  account_number: 'should-reject',
  routing_number: 'should-reject',
  account_holder_type: 'may-accept',
  bank_account_type: 'may-accept',
};

function missingField(userId: string, fields: readonly CreateBodyField[] = CREATE_BODY_FIELDS): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), fc.constantFrom(...fields))
    .map(([base, field]) => jsonRequest(`${field} missing`, MISSING_EXPECTATION[field], without(base, field)));
}

/** JSON values of a type no member of the create body has (they are all strings). */
const NOT_A_STRING: Record<string, unknown> = {
  'a number': 123456,
  'a boolean': true,
  null: null,
  'an array': ['1234'],
  'an object': { value: '1234' },
};

function wrongType(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), fc.constantFrom(...CREATE_BODY_FIELDS), fc.constantFrom(...Object.keys(NOT_A_STRING)))
    .map(([base, field, typeName]) => {
      // A number might be read as a numeric user id; every other type names no user at all.
      const expectation: Expectation = field === 'user_id' && typeName !== 'a number' ? 'must-reject' : 'should-reject';
      return jsonRequest(`${field} is ${typeName}`, expectation, withField(base, field, NOT_A_STRING[typeName]));
    });
}

function emptyString(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), fc.constantFrom(...CREATE_BODY_FIELDS))
    .map(([base, field]) =>
      jsonRequest(`${field} is an empty string`, field === 'user_id' ? 'must-reject' : 'should-reject', withField(base, field, '')),
    );
}

function notDigits(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  const junk = fc.string({ unit: fc.constantFrom(...'abcXYZ-_ .#'), minLength: 1, maxLength: 3 });
  return fc
    .tuple(createBody(userId), fc.constantFrom('account_number', 'routing_number'), junk, fc.nat())
    .map(([base, field, inserted, at]) => {
      const digits = base[field as 'account_number' | 'routing_number'];
      const cut = at % (digits.length + 1);
      return jsonRequest(
        `${field} has non-digits`,
        'may-accept',
        withField(base, field, digits.slice(0, cut) + inserted + digits.slice(cut)),
      );
    });
}

function badLengths(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  const account = fc
    .tuple(createBody(userId), accountNumberOfBadLength())
    .map(([base, value]) => jsonRequest('account_number of a bad length', 'may-accept', withField(base, 'account_number', value)));
  const routing = fc
    .tuple(createBody(userId), routingNumber(), fc.boolean())
    .map(([base, valid, longer]) =>
      jsonRequest(
        'routing_number of a bad length',
        'may-accept',
        withField(base, 'routing_number', longer ? `${valid}0` : valid.slice(0, 8)),
      ),
    );
  return fc.oneof(account, routing);
}

function badChecksum(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), routingNumberWithBadChecksum())
    .map(([base, value]) => jsonRequest('routing_number with a bad checksum', 'may-accept', withField(base, 'routing_number', value)));
}

function unknownEnumValue(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), fc.constantFrom('account_holder_type', 'bank_account_type'), unknownTypeValue())
    .map(([base, field, value]) => jsonRequest(`${field} of an unknown value`, 'may-accept', withField(base, field, value)));
}

function unknownUser(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), unknownUserId())
    .map(([base, other]) => jsonRequest('user_id of no user', 'must-reject', withField(base, 'user_id', other), other));
}

function extraMembers(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  const name = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'), minLength: 1, maxLength: 12 }).map((s) => `x_${s}`);
  return fc
    .tuple(
      createBody(userId),
      fc.uniqueArray(fc.tuple(name, fc.jsonValue({ maxDepth: 1 })), { minLength: 1, maxLength: 3, selector: ([n]) => n }),
    )
    .map(([base, extras]) => jsonRequest('unknown extra members', 'may-accept', { ...base, ...Object.fromEntries(extras) }));
}

function notAnObject(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), fc.constantFrom('an array of the body', 'a string', 'a number', 'null', 'true'))
    .map(([base, shape]) => {
      const value = { 'an array of the body': [base], 'a string': JSON.stringify(base), 'a number': 42, null: null, true: true }[shape];
      return jsonRequest(`the body is ${shape}, not an object`, 'must-reject', value);
    });
}

function malformedJson(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), fc.constantFrom('cut short', 'a trailing comma', 'single quotes', 'not JSON at all'))
    .map(([base, how]) => {
      const text = JSON.stringify(base);
      const raw = {
        'cut short': text.slice(0, Math.max(1, text.length - 7)),
        'a trailing comma': `${text.slice(0, -1)},}`,
        'single quotes': text.replace(/"/g, "'"),
        'not JSON at all': Object.entries(base)
          .map(([k, v]) => `${k}=${v}`)
          .join('&'),
      }[how];
      return { kind: `malformed JSON (${how})`, expectation: 'must-reject' as const, rawBody: raw, contentType: JSON_TYPE };
    });
}

function wrongContentType(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc
    .tuple(createBody(userId), fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml'))
    .map(([base, type]) => ({
      kind: `a JSON body labelled ${type}`,
      expectation: 'should-reject' as const,
      rawBody: JSON.stringify(base),
      contentType: type,
    }));
}

/** Every kind, about equally often; shrinking goes toward the first (a missing field). */
export function invalidCreateRequest(userId: string): fc.Arbitrary<InvalidCreateRequest> {
  return fc.oneof(...kinds(userId));
}

/**
 * One request of every kind a server may be judged on (the must-reject and should-reject ones), drawn
 * from the run's seed and sent first in every run: which kinds earn a fail or a warn then does not
 * depend on the seed, only the values do. The may-accept kinds are left to the draw: they earn
 * neither, and on a lenient server each would be a write.
 */
export function invalidCreateExamples(userId: string, seed: number): InvalidCreateRequest[] {
  // Those no server may accept first: a lenient target's writes stop the run's draws, and the absence
  // proof needs refusals. Then one of each kind a warn may rest on, each of a fixed expectation.
  const shouldReject = (kind: fc.Arbitrary<InvalidCreateRequest>) => kind.filter((r) => r.expectation === 'should-reject');
  const judged = [
    missingField(userId, ['user_id']),
    unknownUser(userId),
    notAnObject(userId),
    malformedJson(userId),
    missingField(userId, ['account_number']),
    shouldReject(wrongType(userId)),
    shouldReject(emptyString(userId)),
    wrongContentType(userId),
  ];
  return judged.flatMap((kind, i) => fc.sample(kind, { seed: seed + i, numRuns: 1 }));
}

function kinds(userId: string): fc.Arbitrary<InvalidCreateRequest>[] {
  return [
    missingField(userId),
    wrongType(userId),
    emptyString(userId),
    notDigits(userId),
    badLengths(userId),
    badChecksum(userId),
    unknownEnumValue(userId),
    unknownUser(userId),
    extraMembers(userId),
    notAnObject(userId),
    malformedJson(userId),
    wrongContentType(userId),
  ];
}
