/**
 * Authentication (spec 5): every operation requires "Authorization: Bearer <token>". Each operation
 * is sent each kind of bad credentials; none may succeed or leak resource data. The same exchanges
 * (one per operation and variant, shared through memoized promises) feed the conventions of RFC 6750
 * and RFC 9110 at warn level, so the target sees each bad request once.
 */
import { authOperations, resourceDataIn, type AuthOperationKey, type CredentialKind } from '../src/checks/auth.js';
import type { AuthChoice, RequestOptions } from '../src/http/client.js';
import { isHttpError } from '../src/http/errors.js';
import { isSuccess, type Exchange } from '../src/http/exchange.js';
import { proofWalk } from '../src/pagination/proof-walk.js';
import { untilSettled } from '../src/suite/settle.js';
import { conformanceCheck, type CheckBody } from '../src/suite/check.js';
import { exampleCreateBody } from '../src/suite/example-body.js';
import { perRun } from '../src/suite/per-run.js';
import { tokenNearMisses } from '../src/suite/token-near-misses.js';
import type { Probe } from '../src/suite/probe.js';
import type { RunSettings } from '../src/suite/settings.js';
import { uniqueAccountNumber } from '../src/suite/unique-account-number.js';

interface Variant {
  kind: CredentialKind;
  /** How the variant is named in messages ("with <name>"). */
  name: string;
  auth: AuthChoice;
  query?: Record<string, string>;
}

/** A token no target issued; the same per seed, so a run replays. */
const neverIssued = (settings: RunSettings): string => `conformance-never-issued-${settings.seed}-9d41c7`;

function variants(settings: RunSettings): Variant[] {
  const unknown = neverIssued(settings);
  return [
    { kind: 'missing-credentials', name: 'no Authorization header', auth: 'none' },
    { kind: 'missing-credentials', name: 'an empty Authorization value', auth: { header: '' } },
    { kind: 'missing-credentials', name: '"Bearer" and no token', auth: { header: 'Bearer' } },
    // RFC 6750 2.3 allows a token in the URI only where a service says so; this spec requires the header.
    { kind: 'missing-credentials', name: "the caller's token in the access_token query parameter and no header", auth: 'none', query: { access_token: settings.tokenA } },
    { kind: 'unknown-token', name: '"Bearer" and a token never issued', auth: { header: `Bearer ${unknown}` } },
    // Basic credentials made up for the check: the real token base64-encoded would escape redaction.
    { kind: 'other-scheme', name: '"Basic" credentials', auth: { header: `Basic ${Buffer.from(`${settings.userIdA}:${unknown}`).toString('base64')}` } },
    { kind: 'other-scheme', name: '"Token" and the caller\'s token', auth: { header: `Token ${settings.tokenA}` } },
    { kind: 'other-scheme', name: "the caller's token with no scheme", auth: { header: settings.tokenA } },
    ...nearMissVariants(settings),
  ];
}

/**
 * Spec 5: the header carries "the caller's auth token", nothing close to it. A server that compares
 * by prefix or suffix, ignores case, or finds "Bearer <token>" anywhere in the header accepts one of
 * these. No whitespace variant: RFC 6750 allows several spaces after "Bearer", and HTTP trims a value.
 */
function nearMissVariants(settings: RunSettings): Variant[] {
  const token = settings.tokenA;
  return [
    ...tokenNearMisses(token, 'CONFORMANCE_TOKEN').map((m): Variant => ({ kind: 'near-miss-token', name: `"Bearer" and ${m.name}`, auth: { header: `Bearer ${m.value}` } })),
    { kind: 'near-miss-token', name: 'a word before "Bearer <token>"', auth: { header: `Token Bearer ${token}` } },
    { kind: 'near-miss-token', name: 'a word after "Bearer <token>"', auth: { header: `Bearer ${token} extra` } },
  ];
}

interface Attempt {
  operation: (typeof authOperations)[number];
  variant: Variant;
  /** The unique account number of the body sent (POST only), to look for it afterwards. */
  accountNumber?: string;
  exchange: Promise<Exchange>;
}

function requestFor(operation: AuthOperationKey, settings: RunSettings): Pick<RequestOptions, 'method' | 'path'> {
  switch (operation) {
    case 'create-user-bank':
      return { method: 'POST', path: '/user_banks' };
    case 'list-user-banks':
      return { method: 'GET', path: '/user_banks' };
    case 'list-rfp-registrations':
      return { method: 'GET', path: '/rfp_registrations' };
    case 'get-user':
      return { method: 'GET', path: `/users/${encodeURIComponent(settings.userIdA)}` };
  }
}

/** Every (operation, variant) request of a run, sent on first use and shared by every check. */
const attemptsOf = perRun(() => ({ attempts: undefined as Attempt[] | undefined }));

/** Every (operation, variant) request, sent once per run on first use and shared by every check. */
function allAttempts(t: Probe): Attempt[] {
  const memo = attemptsOf(t.run.client);
  if (memo.attempts) return memo.attempts;
  const { settings } = t;
  const { client } = t.run;
  /** Refused writes go one at a time, so at most one --max-writes slot is held by them at once. */
  let writeChain: Promise<unknown> = Promise.resolve();
  const attempts = authOperations.flatMap((operation) =>
    variants(settings).map((variant): Attempt => {
      const base = requestFor(operation.key, settings);
      const options: RequestOptions = { ...base, auth: variant.auth, ...(variant.query ? { query: variant.query } : {}) };
      if (base.method !== 'POST') return { operation, variant, exchange: client.send(options) };
      const body = { ...exampleCreateBody(settings.userIdA, settings.seed), account_number: uniqueAccountNumber() };
      const exchange = writeChain.then(() => client.send({ ...options, json: body }));
      writeChain = exchange.catch(() => undefined);
      return { operation, variant, accountNumber: body.account_number, exchange };
    }),
  );
  // Each promise is awaited by the checks that need it; a rejection (--read-only, a timeout) that no
  // check of this run awaits must not surface as an unhandled rejection of the whole run.
  for (const attempt of attempts) attempt.exchange.catch(() => undefined);
  memo.attempts = attempts;
  return attempts;
}

interface Settled {
  attempt: Attempt;
  exchange?: Exchange;
  error?: unknown;
}

async function settle(selected: Attempt[]): Promise<Settled[]> {
  const outcomes = await Promise.allSettled(selected.map((a) => a.exchange));
  return outcomes.map((o, i) => ({ attempt: selected[i] as Attempt, ...(o.status === 'fulfilled' ? { exchange: o.value } : { error: o.reason }) }));
}

/** The refusal check of one operation and one kind of bad credentials. */
function refusal(operation: AuthOperationKey, kind: CredentialKind): CheckBody {
  return async (t) => {
    if (operation === 'create-user-bank' && t.settings.readOnly) {
      t.skip('sends POST /user_banks with bad credentials (nothing is created unless the target is broken); run without --read-only to check it');
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
        t.fail(`${what} was answered ${exchange.status}: the operation ran without valid credentials`, { exchange, expected: 'a refusal (not 2xx)', actual: String(exchange.status) });
        continue;
      }
      const leaked = resourceDataIn(exchange.json);
      if (leaked !== undefined) {
        t.fail(`${what} was refused with ${exchange.status} but its body holds resource data (${leaked})`, { exchange, expected: 'no resource data in a refusal', actual: leaked });
        continue;
      }
      t.passed();
    }
    if (firstError !== undefined) throw firstError;
  };
}

conformanceCheck('auth.create-user-bank.missing-credentials-refused', refusal('create-user-bank', 'missing-credentials'));
conformanceCheck('auth.create-user-bank.unknown-token-refused', refusal('create-user-bank', 'unknown-token'));
conformanceCheck('auth.create-user-bank.other-scheme-refused', refusal('create-user-bank', 'other-scheme'));
conformanceCheck('auth.list-user-banks.missing-credentials-refused', refusal('list-user-banks', 'missing-credentials'));
conformanceCheck('auth.list-user-banks.unknown-token-refused', refusal('list-user-banks', 'unknown-token'));
conformanceCheck('auth.list-user-banks.other-scheme-refused', refusal('list-user-banks', 'other-scheme'));
conformanceCheck('auth.list-rfp-registrations.missing-credentials-refused', refusal('list-rfp-registrations', 'missing-credentials'));
conformanceCheck('auth.list-rfp-registrations.unknown-token-refused', refusal('list-rfp-registrations', 'unknown-token'));
conformanceCheck('auth.list-rfp-registrations.other-scheme-refused', refusal('list-rfp-registrations', 'other-scheme'));
conformanceCheck('auth.get-user.missing-credentials-refused', refusal('get-user', 'missing-credentials'));
conformanceCheck('auth.get-user.unknown-token-refused', refusal('get-user', 'unknown-token'));
conformanceCheck('auth.get-user.other-scheme-refused', refusal('get-user', 'other-scheme'));
conformanceCheck('auth.create-user-bank.near-miss-token-refused', refusal('create-user-bank', 'near-miss-token'));
conformanceCheck('auth.list-user-banks.near-miss-token-refused', refusal('list-user-banks', 'near-miss-token'));
conformanceCheck('auth.list-rfp-registrations.near-miss-token-refused', refusal('list-rfp-registrations', 'near-miss-token'));
conformanceCheck('auth.get-user.near-miss-token-refused', refusal('get-user', 'near-miss-token'));

conformanceCheck('auth.create-user-bank.refused-write-no-effect', async (t) => {
  if (t.settings.readOnly) t.skip('sends POST /user_banks with bad credentials, then lists; run without --read-only to prove a refused write creates nothing');
  const writes = allAttempts(t).filter((a) => a.operation.key === 'create-user-bank');
  const settled = await settle(writes);
  const refused = settled.filter((s): s is Settled & { exchange: Exchange } => s.exchange !== undefined && !isSuccess(s.exchange));
  if (refused.length === 0) {
    const error = settled.find((s) => s.error !== undefined)?.error;
    if (error !== undefined) throw error;
    t.skip('no POST /user_banks with bad credentials was refused, so there is no refused write to look for (the auth.create-user-bank.*-refused checks report it)');
  }
  for (const { exchange } of refused) t.attach(exchange);
  // A replica may store a write late: the absence is read once the settle window has passed.
  await untilSettled(t, Date.now());
  const listing = await proofWalk(t, { path: '/user_banks', query: { user_id: t.settings.userIdA }, auth: 'a' });
  if (listing.end === 'http-error' && listing.pages.length === 1) {
    t.inconclusive(`the authorized listing GET /user_banks?user_id={user_id} that should prove it was refused (${listing.detail}); check --token and --user-id`);
  }
  const byAccount = new Map<string, Record<string, unknown>>();
  for (const item of listing.items) {
    const bank = item as Record<string, unknown> | null;
    if (bank && typeof bank.account_number === 'string') byAccount.set(bank.account_number, bank);
  }
  for (const { attempt, exchange } of refused) {
    const stored = byAccount.get(attempt.accountNumber as string);
    if (stored) {
      t.fail(
        `POST /user_banks with ${attempt.variant.name} was refused with ${exchange.status}, yet its User Bank (id ${String(stored.id)}) appears in GET /user_banks?user_id={user_id}`,
        { exchange, expected: 'the refused body stored nowhere', actual: `User Bank ${String(stored.id)} with the refused body's account number` },
      );
    } else {
      t.passed();
    }
  }
  if (listing.end !== 'complete') t.inconclusive(`the listing could not be read to its end (${listing.detail}), so a stored refused write might be further on; a --user-id with fewer User Banks lets the proof finish`);
  t.passed(`${refused.length} refused POST(s); none of their User Banks appears in the caller's ${listing.items.length} listed User Banks`);
});

/** Refused answers to the bad-credentials requests that got an answer (writes left out in --read-only). */
async function refusals(t: Probe): Promise<Array<{ attempt: Attempt; exchange: Exchange }>> {
  const settled = await settle(allAttempts(t));
  const answered = settled.filter((s): s is Settled & { exchange: Exchange } => s.exchange !== undefined);
  const unexpected = settled.find((s) => s.error !== undefined && !(isHttpError(s.error) && (s.error.code === 'READ_ONLY' || s.error.code === 'WRITE_BUDGET')));
  if (answered.length === 0 && unexpected) throw unexpected.error;
  const refused = answered.filter((s) => !isSuccess(s.exchange));
  if (refused.length === 0) t.skip('no request with bad credentials was refused, so there is no refusal to inspect (the auth.*-refused checks report it)');
  return refused.map(({ attempt, exchange }) => ({ attempt, exchange }));
}

conformanceCheck('auth.refusal-status-401', async (t) => {
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
});

conformanceCheck('auth.www-authenticate-bearer', async (t) => {
  const refused = await refusals(t);
  const unauthorized = refused.filter((r) => r.exchange.status === 401);
  if (unauthorized.length === 0) {
    const statuses = [...new Set(refused.map((r) => r.exchange.status))].join(', ');
    t.skip(`no refusal was a 401 (the target answered ${statuses}), so there is no WWW-Authenticate to inspect; auth.refusal-status-401 reports the status`);
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
      { exchange: example.exchange, expected: 'WWW-Authenticate: Bearer ...', actual: header === undefined ? 'no WWW-Authenticate header' : `WWW-Authenticate: ${header}` },
    );
  }
});

conformanceCheck('auth.scheme-case-insensitive', async (t) => {
  const reads = authOperations.filter((o) => o.key !== 'create-user-bank');
  for (const scheme of ['bearer', 'BEARER']) {
    for (const operation of reads) {
      const exchange = await t.request({ ...requestFor(operation.key, t.settings), auth: { header: `${scheme} ${t.settings.tokenA}` } });
      if (isSuccess(exchange)) t.passed();
      else {
        t.warn(`${operation.label} with "${scheme} <token>" was answered ${exchange.status}; RFC 9110 11.1 matches the scheme name case-insensitively`, {
          exchange,
          expected: 'the same 2xx as with "Bearer"',
          actual: String(exchange.status),
        });
      }
    }
  }
});
