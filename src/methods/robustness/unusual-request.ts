/**
 * Requests a real client sends sooner or later, drawn from HTTP's and JSON's grammar rather than from
 * any server's code: methods the API does not define, query parameters written in unusual but legal
 * ways (repeated, empty, long, non-ASCII, numbers spelled otherwise), long and non-ASCII values in every
 * string field of a create, a JSON body labelled with a charset or a JSON subtype, other Accept values,
 * identifiers that are long or percent-encode non-ASCII or reserved characters. The spec leaves the
 * answers open (section 7), but never a 5xx (RFC 9110 15.6).
 *
 * Safe against a real system: no DELETE or PUT is ever sent to a resource that may exist (a hidden
 * operation the spec does not show could remove the test User); those go to never-issued ids only.
 */
import fc from 'fast-check';
import { createBody } from '../../contract/arbitraries/create-body.js';
import type { AuthChoice } from '../../http/client.js';

export interface UnusualRequest {
  /** What is unusual, in words (the counterexample names it). */
  kind: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Below the base URL, escaped, with its raw query (so a parameter may repeat). */
  path: string;
  /** null: no such header at all (no Accept, which RFC 9110 12.5.1 reads as any media type). */
  headers?: Record<string, string | null>;
  rawBody?: string;
  /** Whose credentials it carries (default the caller's). */
  auth?: AuthChoice;
  /** The body cannot describe a User Bank: sent past a spent write budget (src/http/policies/write-guard.ts). */
  describesNoResource?: boolean;
}

export const isWrite = (r: UnusualRequest): boolean => r.method !== 'GET' && r.method !== 'HEAD';

/** A string a generator of ordinary inputs never makes: long, non-ASCII, control or reserved characters. */
const oddString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.integer({ min: 256, max: 4096 }).map((n) => '7'.repeat(n)),
    fc.constantFrom(
      'Zoë Ångström',
      '名前',
      '👩‍💻🏦',
      'עברית',
      '\u0000',
      'a\u202eb',
      ' leading and trailing ',
      '%',
      "O'Brien; DROP",
      '{"x":1}',
      '../..',
      '\\',
      '\t\n',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  );

/** A query value in an unusual but legal form. */
const oddQueryValue = (): fc.Arbitrary<string> =>
  fc.oneof(oddString(), fc.constantFrom('', '1e2', '+5', '05', ' 5', '0x10', '5.0', '-0', '9'.repeat(30), 'true', 'null', '[]'));

const enc = encodeURIComponent;
const NEVER_ISSUED = 'conformance-never-issued-4f2a';

function undefinedMethod(userId: string): fc.Arbitrary<UnusualRequest> {
  return fc
    .oneof(
      fc.record({
        method: fc.constantFrom('PUT' as const, 'PATCH' as const, 'DELETE' as const),
        path: fc.constantFrom(`/user_banks/${NEVER_ISSUED}`, `/users/${NEVER_ISSUED}`, `/rfp_registrations/${NEVER_ISSUED}`),
      }),
      fc.record({
        method: fc.constantFrom('PATCH' as const),
        path: fc.constantFrom('/user_banks', '/rfp_registrations', `/users/${enc(userId)}`),
      }),
      fc.record({ method: fc.constantFrom('POST' as const), path: fc.constantFrom('/rfp_registrations', `/users/${enc(userId)}`) }),
    )
    .map((r) => ({
      kind: `${r.method} ${r.path.replace(NEVER_ISSUED, '{never-issued id}')}, a method the API does not define there`,
      ...r,
      headers: { 'content-type': 'application/json' },
      rawBody: '{}',
    }));
}

function oddQuery(userId: string): fc.Arbitrary<UnusualRequest> {
  const name = fc.constantFrom('limit', 'cursor', 'status', 'user_id');
  return fc
    .oneof(
      fc.tuple(name, oddQueryValue()).map(([n, v]) => ({
        kind: `GET /user_banks with ${n}=${JSON.stringify(v.slice(0, 40))}${v.length > 40 ? `… (${v.length} characters)` : ''}`,
        path: `/user_banks?${n}=${enc(v)}`,
      })),
      fc
        .tuple(name, oddQueryValue(), oddQueryValue())
        .map(([n, v, w]) => ({ kind: `GET /user_banks with ${n} given twice`, path: `/user_banks?${n}=${enc(v)}&${n}=${enc(w)}` })),
      fc
        .constantFrom(
          'limit[]=5',
          'limit=5&limit=7',
          `user_id[]=${enc(userId)}`,
          'status',
          'limit',
          '=5',
          '&&limit=5',
          'LIMIT=5',
          `user_id=${enc(userId)}&user_id=${enc(userId)}`,
        )
        .map((q) => ({
          kind: `GET /user_banks?${q}`,
          path: `/user_banks?${q}`,
        })),
      oddQueryValue().map((v) => ({
        kind: `GET /rfp_registrations with an unknown parameter ${JSON.stringify(v.slice(0, 40))}`,
        path: `/rfp_registrations?cursor=${enc(v)}&limit=${enc(v)}`,
      })),
    )
    .map((r) => ({ ...r, method: 'GET' as const }));
}

function oddIdentifier(): fc.Arbitrary<UnusualRequest> {
  return fc
    .oneof(
      oddString().map((v) => enc(v)),
      fc.constantFrom('%E0%A4%A', '%ZZ', '%00', 'a%2Fb', '%2E%2E', 'x;y=1', ''),
    )
    .map((id) => ({
      kind: `GET /users/${id.slice(0, 60)}${id.length > 60 ? `… (${id.length} characters)` : ''}`,
      method: 'GET' as const,
      path: `/users/${id}`,
    }));
}

function oddAccept(userId: string): fc.Arbitrary<UnusualRequest> {
  return fc
    .tuple(
      fc.constantFrom('text/html', 'application/xml', '*/*', 'application/json; q=0.5, text/plain', 'application/problem+json', 'text/csv'),
      fc.constantFrom('/user_banks', '/rfp_registrations', `/users/${enc(userId)}`),
    )
    .map(([accept, path]) => ({ kind: `GET ${path} with Accept: ${accept}`, method: 'GET' as const, path, headers: { accept } }));
}

function oddCreate(userId: string): fc.Arbitrary<UnusualRequest> {
  const field = fc.constantFrom('user_id', 'account_number', 'routing_number', 'account_holder_type', 'bank_account_type');
  return fc
    .oneof(
      fc.tuple(createBody(userId), field, oddString()).map(([body, f, v]) => ({
        kind: `POST /user_banks with ${f} = ${JSON.stringify(v.slice(0, 40))}${v.length > 40 ? `… (${v.length} characters)` : ''}`,
        rawBody: JSON.stringify({ ...body, [f]: v }),
        headers: { 'content-type': 'application/json' },
      })),
      fc
        .tuple(
          createBody(userId),
          fc.constantFrom(
            'application/json; charset=utf-8',
            'application/json;charset=UTF-8',
            'application/merge-patch+json',
            'APPLICATION/JSON',
          ),
        )
        .map(([body, type]) => ({
          kind: `POST /user_banks labelled ${type}`,
          rawBody: JSON.stringify(body),
          headers: { 'content-type': type },
        })),
      fc.tuple(createBody(userId), fc.integer({ min: 2, max: 200 })).map(([body, depth]) => ({
        kind: `POST /user_banks with an extra member nested ${depth} deep`,
        rawBody: JSON.stringify({ ...body, extra: JSON.parse('['.repeat(depth) + ']'.repeat(depth)) }),
        headers: { 'content-type': 'application/json' },
      })),
      createBody(userId).map((body) => ({
        kind: 'POST /user_banks with a byte-order mark before the JSON',
        rawBody: `\uFEFF${JSON.stringify(body)}`,
        headers: { 'content-type': 'application/json' },
      })),
    )
    .map((r) => ({ ...r, method: 'POST' as const, path: '/user_banks' }));
}

/** Every family about equally often; with `writes` false only safe methods (read-only mode). */
export function unusualRequest(userId: string, writes: boolean): fc.Arbitrary<UnusualRequest> {
  const reads = [oddQuery(userId), oddIdentifier(), oddAccept(userId)];
  return writes ? fc.oneof(...reads, undefinedMethod(userId), oddCreate(userId)) : fc.oneof(...reads);
}

const LONG = '7'.repeat(300);
const NON_ASCII = 'Zoë 名前 👩‍💻';

/**
 * The systematic core, judged every run before the random draws: each string field of a create with a
 * long, a non-ASCII, a number and a boolean value, each query parameter with a long and a non-ASCII value, each parameter repeated and empty, each
 * method the API does not define, each odd identifier. Random sampling alone would reach a given
 * field's long value about once in 300 draws.
 */
export function systematicUnusualRequests(userId: string, writes: boolean): UnusualRequest[] {
  const reads: UnusualRequest[] = [];
  for (const name of ['limit', 'cursor', 'status', 'user_id']) {
    reads.push({ kind: `GET /user_banks with a ${LONG.length}-character ${name}`, method: 'GET', path: `/user_banks?${name}=${LONG}` });
    reads.push({
      kind: `GET /user_banks with ${name}=${JSON.stringify(NON_ASCII)}`,
      method: 'GET',
      path: `/user_banks?${name}=${enc(NON_ASCII)}`,
    });
    reads.push({ kind: `GET /user_banks with ${name} given twice`, method: 'GET', path: `/user_banks?${name}=1&${name}=2` });
    reads.push({ kind: `GET /user_banks with ${name} empty`, method: 'GET', path: `/user_banks?${name}=` });
  }
  for (const id of [LONG, enc(NON_ASCII), '%E0%A4%A', '%ZZ', '%00', 'a%2Fb'])
    reads.push({ kind: `GET /users/${id.slice(0, 40)}${id.length > 40 ? '…' : ''}`, method: 'GET', path: `/users/${id}` });
  reads.push({ kind: 'GET /user_banks with Accept: text/html', method: 'GET', path: '/user_banks', headers: { accept: 'text/html' } });
  if (!writes) return reads;
  const base = {
    user_id: userId,
    account_number: '000123456789',
    routing_number: '021000021',
    account_holder_type: 'individual',
    bank_account_type: 'checking',
  };
  // Each create its own account number, so a refused one found stored is told apart (suites/refused-writes.ts).
  let created = 0;
  const fresh = (): typeof base => ({ ...base, account_number: `0001234${String((created += 1)).padStart(5, '0')}` });
  const writesCore: UnusualRequest[] = [];
  // Methods first: PATCH and DELETE spend no write budget, so they are judged however much the run created.
  for (const path of [`/user_banks/${NEVER_ISSUED}`, `/users/${NEVER_ISSUED}`, `/rfp_registrations/${NEVER_ISSUED}`]) {
    for (const method of ['PATCH', 'DELETE', 'PUT'] as const)
      writesCore.push({
        kind: `${method} ${path.replace(NEVER_ISSUED, '{never-issued id}')}`,
        method,
        path,
        headers: { 'content-type': 'application/json' },
        rawBody: '{}',
      });
  }
  for (const path of ['/user_banks', '/rfp_registrations', `/users/${enc(userId)}`])
    writesCore.push({
      kind: `PATCH ${path}, a method the API does not define there`,
      method: 'PATCH',
      path,
      headers: { 'content-type': 'application/json' },
      rawBody: '{}',
    });
  writesCore.push({
    kind: 'POST /rfp_registrations, a method the API does not define there',
    method: 'POST',
    path: '/rfp_registrations',
    headers: { 'content-type': 'application/json' },
    rawBody: '{}',
  });
  // JSON's other types in a string's place (a loosely typed stack may store and echo them; the answer audit judges what comes back), then long and non-ASCII values.
  for (const [label, value] of [
    ['a number', 21000021],
    ['true', true],
    [`a ${LONG.length}-character value`, LONG],
    ['a non-ASCII value', NON_ASCII],
  ] as const) {
    for (const field of Object.keys(base)) {
      writesCore.push({
        kind: `POST /user_banks with ${label} in ${field}`,
        method: 'POST',
        path: '/user_banks',
        headers: { 'content-type': 'application/json' },
        rawBody: JSON.stringify({ ...fresh(), [field]: value }),
      });
    }
  }
  writesCore.push({
    kind: 'POST /user_banks labelled application/json; charset=utf-8',
    method: 'POST',
    path: '/user_banks',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    rawBody: JSON.stringify(fresh()),
  });
  return [...reads, ...writesCore];
}
