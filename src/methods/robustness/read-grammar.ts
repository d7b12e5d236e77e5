/**
 * The three GET operations as a grammar: each operation described once as data (its path template,
 * each path segment, each query parameter, the Authorization and Accept headers), each component with
 * its value classes (valid; boundaries; wrong type; empty; absent; repeated; very long; non-ASCII;
 * surrounding whitespace; case-changed; percent-encoded; another caller's; unknown), explored with the
 * covering arrays of pairwise.ts. Nothing here judges an answer: every one flows through the run's
 * invariants (no 5xx, JSON that parses, credentials required, the caller's data only, pages within
 * their limit, a request the spec serves not refused), so the grammar finds whatever family of
 * defect a combination shows, not one fault named in advance.
 */
import type { AuthChoice } from '../../http/client.js';
import { SPEC_NAMED_STATUSES } from '../../core/domain/user-bank.js';
import { pairwise } from './pairwise.js';
import type { GrammarCoverage } from './create-grammar.js';
import type { UnusualRequest } from './unusual-request.js';

/** What the grammar draws its live values from: the caller's and the second caller's ids and cursors. */
export interface ReadMaterials {
  userIdA: string;
  userIdB?: string;
  hasCallerB: boolean;
  /** A next_cursor the server issued to the caller for GET /user_banks?limit=1, when the list had more. */
  cursorA?: string;
  /** One issued to the second caller, the same way. */
  cursorB?: string;
}

/** A query parameter's class: the name=value pairs it adds (none when absent), raw-escaped. */
interface QueryClass {
  name: string;
  pairs: (name: string) => string[];
}

/** A path segment's or a header's class. */
interface ValueClass<V> {
  name: string;
  value: V;
}

interface Component {
  name: string;
  classes: number;
}

const enc = encodeURIComponent;
const LONG = '7'.repeat(300);
const NON_ASCII = 'Zoë 名前';
const UNKNOWN = 'conformance-unknown-5b1e';
/** Percent-encodes the first character (RFC 3986 6.2.2.2: the same value when it is unreserved). */
const firstEncoded = (value: string): string =>
  value === '' ? '' : `%${(value.charCodeAt(0) & 0xff).toString(16).toUpperCase().padStart(2, '0')}${enc(value.slice(1))}`;
const caseChanged = (value: string): string => (value.toUpperCase() === value ? value.toLowerCase() : value.toUpperCase());

const absent: QueryClass = { name: 'absent', pairs: () => [] };
const one = (name: string, raw: string): QueryClass => ({ name, pairs: (n) => [`${n}=${raw}`] });

/** The classes every string parameter shares, around one valid value. */
function stringClasses(valid: string, others: { anotherCallers?: string }): QueryClass[] {
  return [
    absent,
    one('valid', enc(valid)),
    one('empty', ''),
    { name: 'repeated', pairs: (n) => [`${n}=${enc(valid)}`, `${n}=${enc(valid)}`] },
    { name: 'wrong type (an array)', pairs: (n) => [`${n}[]=${enc(valid)}`] },
    one('very long', LONG),
    one('non-ASCII', enc(NON_ASCII)),
    one('surrounding whitespace', enc(` ${valid} `)),
    one('case-changed', enc(caseChanged(valid))),
    ...(/^[A-Za-z0-9\-._~]/.test(valid) ? [one('percent-encoded', firstEncoded(valid))] : []),
    ...(others.anotherCallers !== undefined ? [one("another caller's", enc(others.anotherCallers))] : []),
    one('unknown', UNKNOWN),
  ];
}

const LIMIT: QueryClass[] = [
  absent,
  one('valid', '10'),
  one('boundary 1', '1'),
  one('boundary 100', '100'),
  one('below the range (0)', '0'),
  one('above the range (101)', '101'),
  one('wrong type', 'ten'),
  one('empty', ''),
  { name: 'repeated', pairs: (n) => [`${n}=5`, `${n}=7`] },
  one('very long', '9'.repeat(300)),
  one('non-ASCII (full-width digits)', enc('１０')),
  one('surrounding whitespace', enc(' 10 ')),
  one('percent-encoded', '%31%30'),
];

function credentialClasses(m: ReadMaterials): ValueClass<AuthChoice>[] {
  return [
    { name: "the caller's token", value: 'a' },
    { name: 'no Authorization header', value: 'none' },
    { name: 'a token of nobody', value: { header: 'Bearer conformance-not-a-token-7d1f' } },
    { name: 'an empty Bearer token', value: { header: 'Bearer ' } },
    ...(m.hasCallerB ? [{ name: "another caller's token", value: 'b' as const }] : []),
  ];
}

/**
 * Accept values: JSON, anything, one the API never promises (a server may answer 406, RFC 9110
 * 15.5.7), JSON with a parameter, and none at all, which takes any media type (RFC 9110 12.5.1: "A
 * request without any Accept header field implies that the user agent will accept any media type"),
 * so the operation is served as usual; null sends no Accept (src/http/client.ts).
 */
const ACCEPTS: ValueClass<string | null>[] = [
  { name: 'Accept: application/json', value: 'application/json' },
  { name: 'Accept: */*', value: '*/*' },
  { name: 'Accept: text/html', value: 'text/html' },
  { name: 'Accept: application/json with a charset', value: 'application/json; charset=utf-8' },
  { name: 'no Accept header', value: null },
];

/** One operation of the grammar: its path template, components and how a row becomes a request. */
interface Operation {
  template: string;
  components: Component[];
  request: (row: number[]) => UnusualRequest;
}

function listUserBanks(m: ReadMaterials): Operation {
  const cursor = stringClasses(m.cursorA ?? UNKNOWN, m.cursorB !== undefined ? { anotherCallers: m.cursorB } : {}).map((c) =>
    m.cursorA === undefined && c.name === 'valid' ? { ...c, name: 'valid (none issued: unknown)' } : c,
  );
  // Besides the known value, each value the spec names for another status-like member (2.3, 2.1):
  // a list that hides a status from its unfiltered view, or a filter that matches a part of a word
  // (inactive holds active), shows only to a filter for it.
  const status = [
    ...stringClasses('active', {}),
    ...SPEC_NAMED_STATUSES.filter((v) => v !== 'active').map((v) => one(`named elsewhere (${v})`, v)),
  ];
  const userId = stringClasses(m.userIdA, m.userIdB !== undefined ? { anotherCallers: m.userIdB } : {});
  const credentials = credentialClasses(m);
  const params: [string, QueryClass[]][] = [
    ['limit', LIMIT],
    ['cursor', cursor],
    ['status', status],
    ['user_id', userId],
  ];
  return {
    template: 'GET /user_banks?limit&cursor&status&user_id',
    components: [
      ...params.map(([name, classes]) => ({ name: `query ${name}`, classes: classes.length })),
      { name: 'Authorization', classes: credentials.length },
      { name: 'Accept', classes: ACCEPTS.length },
    ],
    request: (row) => {
      const chosen = params.map(([name, classes], i) => ({ name, klass: classes[row[i] as number] as QueryClass }));
      const auth = credentials[row[4] as number] as ValueClass<AuthChoice>;
      const accept = ACCEPTS[row[5] as number] as ValueClass<string | null>;
      const query = chosen.flatMap(({ name, klass }) => klass.pairs(name)).join('&');
      const said = chosen.filter(({ klass }) => klass !== absent).map(({ name, klass }) => `${name} ${klass.name}`);
      return {
        kind: `GET /user_banks with ${said.length > 0 ? said.join(', ') : 'no query'}, ${auth.name}, ${accept.name}`,
        method: 'GET',
        path: `/user_banks${query === '' ? '' : `?${query}`}`,
        auth: auth.value,
        headers: { accept: accept.value },
      };
    },
  };
}

function getUser(m: ReadMaterials): Operation {
  const ids: ValueClass<string>[] = [
    { name: 'valid', value: enc(m.userIdA) },
    { name: 'empty', value: '' },
    { name: 'very long', value: LONG },
    { name: 'non-ASCII', value: enc(NON_ASCII) },
    { name: 'surrounding whitespace', value: enc(` ${m.userIdA} `) },
    { name: 'case-changed', value: enc(caseChanged(m.userIdA)) },
    ...(/^[A-Za-z0-9\-._~]/.test(m.userIdA) ? [{ name: 'percent-encoded', value: firstEncoded(m.userIdA) }] : []),
    ...(m.userIdB !== undefined ? [{ name: "another caller's", value: enc(m.userIdB) }] : []),
    { name: 'unknown', value: UNKNOWN },
    { name: 'wrong type (a number)', value: '12345' },
  ];
  const credentials = credentialClasses(m);
  return {
    template: 'GET /users/{user_id}',
    components: [
      { name: 'path user_id', classes: ids.length },
      { name: 'Authorization', classes: credentials.length },
      { name: 'Accept', classes: ACCEPTS.length },
    ],
    request: ([i, a, h]) => {
      const id = ids[i as number] as ValueClass<string>;
      const auth = credentials[a as number] as ValueClass<AuthChoice>;
      const accept = ACCEPTS[h as number] as ValueClass<string | null>;
      return {
        kind: `GET /users/{user_id} with the id ${id.name}, ${auth.name}, ${accept.name}`,
        method: 'GET',
        path: `/users/${id.value}`,
        auth: auth.value,
        headers: { accept: accept.value },
      };
    },
  };
}

function listRfpRegistrations(m: ReadMaterials): Operation {
  // Its query parameters are not shown (4.3): a limit and a cursor are unknown parameters, never to break it.
  const query: QueryClass[] = [absent, one('a limit (not shown)', '1'), one('a cursor of unknown value (not shown)', UNKNOWN)];
  const credentials = credentialClasses(m);
  return {
    template: 'GET /rfp_registrations',
    components: [
      { name: 'query', classes: query.length },
      { name: 'Authorization', classes: credentials.length },
      { name: 'Accept', classes: ACCEPTS.length },
    ],
    request: ([q, a, h]) => {
      const klass = query[q as number] as QueryClass;
      const auth = credentials[a as number] as ValueClass<AuthChoice>;
      const accept = ACCEPTS[h as number] as ValueClass<string | null>;
      const raw = klass.pairs(klass === query[1] ? 'limit' : 'cursor').join('&');
      return {
        kind: `GET /rfp_registrations with ${klass.name === 'absent' ? 'no query' : klass.name}, ${auth.name}, ${accept.name}`,
        method: 'GET',
        path: `/rfp_registrations${raw === '' ? '' : `?${raw}`}`,
        auth: auth.value,
        headers: { accept: accept.value },
      };
    },
  };
}

/**
 * Requests of the read grammar per run, all GETs. The list's covering array is the largest (its two
 * largest components alone need 13 x 12 rows); the budget is shared in proportion to each
 * operation's pairs, and what it cut is in the coverage (pairs covered below pairs total). A cut
 * takes the base-choice rows first (pairwise.ts puts them last): each unusual class where nothing
 * else is unusual, the rows that tell a refused request the spec serves. So the budget holds a
 * default run's three arrays whole: 343 to 360 rows over seeds 1 to 40 with a second caller (330 to
 * 350 before the request without an Accept header, when a budget of 320 cut 10 to 30 such rows).
 */
export const READ_GRAMMAR_BUDGET = 380;

export interface ReadGrammarCoverage extends GrammarCoverage {
  operations: (GrammarCoverage & { template: string })[];
  budget: number;
}

export function readGrammar(
  m: ReadMaterials,
  seed: number,
  budget: number = READ_GRAMMAR_BUDGET,
): { requests: UnusualRequest[]; coverage: ReadGrammarCoverage } {
  const operations = [listUserBanks(m), getUser(m), listRfpRegistrations(m)];
  const plans = operations.map((op) => ({
    op,
    plan: pairwise(
      op.components.map((c) => c.classes),
      seed,
    ),
  }));
  const wanted = plans.reduce((sum, { plan }) => sum + plan.rows.length, 0);
  const requests: UnusualRequest[] = [];
  const covered: ReadGrammarCoverage['operations'] = [];
  for (const { op, plan: full } of plans) {
    // Over budget, each operation keeps its share of rows; pairwise() then says how many pairs those rows cover.
    const share = wanted <= budget ? full.rows.length : Math.floor((full.rows.length * budget) / wanted);
    const plan = share >= full.rows.length ? full : truncated(op, seed, share);
    requests.push(...plan.rows.map(op.request));
    covered.push({
      template: op.template,
      components: op.components,
      pairs: plan.pairs,
      covered: plan.covered,
      requests: plan.rows.length,
    });
  }
  return {
    requests,
    coverage: {
      operations: covered,
      components: covered.flatMap((o) => o.components.map((c) => ({ name: `${o.template.split('?')[0]} ${c.name}`, classes: c.classes }))),
      pairs: covered.reduce((s, o) => s + o.pairs, 0),
      covered: covered.reduce((s, o) => s + o.covered, 0),
      requests: requests.length,
      budget,
    },
  };
}

/** The first `rows` rows of the operation's covering array, and the pairs they cover. */
function truncated(op: Operation, seed: number, rows: number): ReturnType<typeof pairwise> {
  const sizes = op.components.map((c) => c.classes);
  const plan = pairwise(sizes, seed, rows);
  const kept = plan.rows.slice(0, rows);
  const seen = new Set<string>();
  for (const row of kept)
    for (let i = 0; i < row.length; i += 1) for (let j = i + 1; j < row.length; j += 1) seen.add(`${i}:${row[i]}|${j}:${row[j]}`);
  return { rows: kept, pairs: plan.pairs, covered: seen.size };
}
