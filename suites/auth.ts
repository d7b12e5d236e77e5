/**
 * Authentication (spec 5): every operation requires "Authorization: Bearer <token>". Each operation
 * is sent each kind of bad credentials; none may succeed or leak resource data. The same exchanges
 * (one per operation and variant, shared through memoized promises: src/methods/steps/auth-attempts.ts)
 * feed the conventions of RFC 6750 and RFC 9110 at warn level, so the target sees each bad request once.
 */
import { authOperations, resourceDataIn, type AuthOperationKey, type CredentialKind } from '../src/contract/checks/auth-operations.js';
import { isHttpError } from '../src/http/errors.js';
import { isSuccess, type Exchange } from '../src/http/exchange.js';
import { allAttempts, requestFor, settle, type Attempt, type Settled } from '../src/methods/steps/auth-attempts.js';
import { conformanceCheck, inSuite, type CheckBody } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

inSuite('auth', 'writes');

const kindTitle: Record<CredentialKind, string> = {
  'missing-credentials': 'without credentials (no header, an empty value, "Bearer" alone, the token in a query parameter) is refused',
  'unknown-token': 'with "Bearer" and a token the target never issued is refused',
  'other-scheme': 'with another scheme ("Basic" credentials, "Token <token>", the bare token) is refused',
  'near-miss-token':
    'with "Bearer" and a token that is almost the caller\'s (one character changed, removed or added, other letter case, its first half), or with something before or after "Bearer <token>", is refused',
};

/** The same kinds in a few words, for titles of at most 90 characters. */
const kindShort: Record<CredentialKind, string> = {
  'missing-credentials': 'without credentials',
  'unknown-token': 'with a token never issued',
  'other-scheme': 'with another scheme than Bearer',
  'near-miss-token': "with a token almost the caller's",
};

/**
 * One check per operation and kind of bad credentials, so a defect of one operation (or of one kind
 * of checking) is named by the check that fails.
 */
function refusalCheck(key: AuthOperationKey, kind: CredentialKind): void {
  const operation = authOperations.find((o) => o.key === key)!;
  const missing = kind === 'missing-credentials';
  conformanceCheck(
    {
      id: `auth.${key}.${kind}-refused`,
      area: 'auth',
      requirement: missing ? operation.requirement : 'auth.bearer',
      covers: missing ? ['auth.bearer'] : [operation.requirement],
      title: `${operation.label} ${kindShort[kind]} is refused`,
      description: `${operation.label} ${kindTitle[kind]}: no 2xx, no resource data`,
    },
    refusal(key, kind),
  );
}

/** The body of the refusal check of one operation and one kind of bad credentials. */
function refusal(operation: AuthOperationKey, kind: CredentialKind): CheckBody {
  return async (t) => {
    if (operation === 'create-user-bank' && t.settings.readOnly) {
      t.skip(
        'sends POST /user_banks with bad credentials (nothing is created unless the target is broken); run without --read-only to check it',
      );
    }
    const mine = allAttempts(t).filter((a) => a.operation.key === operation && a.variant.kind === kind);
    let firstError: unknown;
    for (const { attempt, exchange, error } of await settle(mine)) {
      if (!exchange) {
        firstError ??= error;
        continue;
      }
      t.attach(exchange);
      const what = `${attempt.operation.label} with ${attempt.variant.name}`;
      if (isSuccess(exchange)) {
        t.fail(`${what} was answered ${exchange.status}: the operation ran without valid credentials`, {
          exchange,
          expected: 'a refusal (not 2xx)',
          actual: String(exchange.status),
        });
        continue;
      }
      const leaked = resourceDataIn(exchange.json);
      if (leaked !== undefined) {
        t.fail(`${what} was refused with ${exchange.status} but its body holds resource data (${leaked})`, {
          exchange,
          expected: 'no resource data in a refusal',
          actual: leaked,
        });
        continue;
      }
      t.passed();
    }
    if (firstError !== undefined) throw firstError;
  };
}

refusalCheck('create-user-bank', 'missing-credentials');
refusalCheck('create-user-bank', 'unknown-token');
refusalCheck('create-user-bank', 'other-scheme');
refusalCheck('list-user-banks', 'missing-credentials');
refusalCheck('list-user-banks', 'unknown-token');
refusalCheck('list-user-banks', 'other-scheme');
refusalCheck('list-rfp-registrations', 'missing-credentials');
refusalCheck('list-rfp-registrations', 'unknown-token');
refusalCheck('list-rfp-registrations', 'other-scheme');
refusalCheck('get-user', 'missing-credentials');
refusalCheck('get-user', 'unknown-token');
refusalCheck('get-user', 'other-scheme');
refusalCheck('create-user-bank', 'near-miss-token');
refusalCheck('list-user-banks', 'near-miss-token');
refusalCheck('list-rfp-registrations', 'near-miss-token');
refusalCheck('get-user', 'near-miss-token');

// auth.create-user-bank.refused-write-no-effect is judged with the run's other absence proofs: suites/refused-writes.ts.

/** Refused answers to the bad-credentials requests that got an answer (writes left out in --read-only). */
async function refusals(t: Probe): Promise<Array<{ attempt: Attempt; exchange: Exchange }>> {
  const settled = await settle(allAttempts(t));
  const answered = settled.filter((s): s is Settled & { exchange: Exchange } => s.exchange !== undefined);
  const unexpected = settled.find(
    (s) => s.error !== undefined && !(isHttpError(s.error) && (s.error.code === 'READ_ONLY' || s.error.code === 'WRITE_BUDGET')),
  );
  if (answered.length === 0 && unexpected) throw unexpected.error;
  const refused = answered.filter((s) => !isSuccess(s.exchange));
  if (refused.length === 0)
    t.skip('no request with bad credentials was refused, so there is no refusal to inspect (the auth.*-refused checks report it)');
  return refused.map(({ attempt, exchange }) => ({ attempt, exchange }));
}

conformanceCheck(
  {
    id: 'auth.refusal-status-401',
    area: 'auth',
    requirement: 'conv.auth.401',
    title: 'Missing or invalid credentials are answered 401, not 400, 403 or 404',
  },
  async (t) => {
    const refused = await refusals(t);
    const byStatus = new Map<number, typeof refused>();
    for (const r of refused) {
      t.attach(r.exchange);
      if (r.exchange.status === 401) t.passed();
      else byStatus.set(r.exchange.status, [...(byStatus.get(r.exchange.status) ?? []), r]);
    }
    for (const [status, group] of byStatus) {
      const example = group[0] as (typeof group)[number];
      t.warn(
        `${group.length} of ${refused.length} refusals were answered ${status}, e.g. ${example.attempt.operation.label} with ${example.attempt.variant.name}; RFC 6750 3.1 answers missing or invalid credentials with 401`,
        { exchange: example.exchange, expected: '401', actual: String(status) },
      );
    }
  },
);

conformanceCheck(
  {
    id: 'auth.www-authenticate-bearer',
    area: 'auth',
    requirement: 'conv.auth.www_authenticate',
    title: 'A 401 answer carries WWW-Authenticate naming the Bearer scheme',
  },
  async (t) => {
    const refused = await refusals(t);
    const unauthorized = refused.filter((r) => r.exchange.status === 401);
    if (unauthorized.length === 0) {
      const statuses = [...new Set(refused.map((r) => r.exchange.status))].join(', ');
      t.skip(
        `no refusal was a 401 (the target answered ${statuses}), so there is no WWW-Authenticate to inspect; auth.refusal-status-401 reports the status`,
      );
    }
    const missing = unauthorized.filter((r) => !/(^|[\s,])bearer(?=$|[\s,])/i.test(r.exchange.headers['www-authenticate'] ?? ''));
    for (const r of unauthorized) {
      t.attach(r.exchange);
      if (!missing.includes(r)) t.passed();
    }
    const example = missing[0];
    if (example) {
      const header = example.exchange.headers['www-authenticate'];
      t.warn(
        `${missing.length} of ${unauthorized.length} 401 answers carry no WWW-Authenticate header naming Bearer, e.g. ${example.attempt.operation.label} with ${example.attempt.variant.name} (RFC 9110 11.6.1, RFC 6750 3)`,
        {
          exchange: example.exchange,
          expected: 'WWW-Authenticate: Bearer ...',
          actual: header === undefined ? 'no WWW-Authenticate header' : `WWW-Authenticate: ${header}`,
        },
      );
    }
  },
);

conformanceCheck(
  {
    id: 'auth.scheme-case-insensitive',
    area: 'auth',
    requirement: 'conv.auth.scheme_case',
    title: 'The scheme name is accepted in any case ("bearer <token>", "BEARER <token>")',
  },
  async (t) => {
    const reads = authOperations.filter((o) => o.key !== 'create-user-bank');
    for (const scheme of ['bearer', 'BEARER']) {
      for (const operation of reads) {
        const exchange = await t.request({ ...requestFor(operation.key, t.settings), auth: { scheme, caller: 'a' } });
        if (isSuccess(exchange)) t.passed();
        else {
          t.warn(
            `${operation.label} with "${scheme} <token>" was answered ${exchange.status}; RFC 9110 11.1 matches the scheme name case-insensitively`,
            {
              exchange,
              expected: 'the same 2xx as with "Bearer"',
              actual: String(exchange.status),
            },
          );
        }
      }
    }
  },
);
