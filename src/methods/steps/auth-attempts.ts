/**
 * The requests with bad credentials of a run: each operation sent each kind of bad credentials, once
 * per run on first use, shared by every check that judges them (the refusal checks of
 * suites/auth.ts, the absence proof of suites/refused-writes.ts).
 */
import { authOperations, type AuthOperationKey, type CredentialKind } from '../../contract/checks/auth-operations.js';
import type { AuthChoice, RequestOptions } from '../../http/client.js';
import type { Exchange } from '../../http/exchange.js';
import { exampleCreateBody } from '../../harness/example-body.js';
import { perRun } from '../../harness/per-run.js';
import type { Probe } from '../../harness/probe.js';
import { listingBeforeRefusedWrites, refusedWritesUser } from './refused-writes.js';
import type { RunSettings } from '../../harness/settings.js';
import { tokenNearMisses } from '../../harness/token-near-misses.js';
import { uniqueAccountNumber } from '../../harness/unique-account-number.js';

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
    {
      kind: 'missing-credentials',
      name: "the caller's token in the access_token query parameter and no header",
      auth: 'none',
      query: { access_token: settings.tokenA },
    },
    { kind: 'unknown-token', name: '"Bearer" and a token never issued', auth: { header: `Bearer ${unknown}` } },
    // Basic credentials made up for the check: the real token base64-encoded would escape redaction.
    {
      kind: 'other-scheme',
      name: '"Basic" credentials',
      auth: { header: `Basic ${Buffer.from(`${settings.userIdA}:${unknown}`).toString('base64')}` },
    },
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
    ...tokenNearMisses(token, 'CONFORMANCE_TOKEN').map((m): Variant => ({
      kind: 'near-miss-token',
      name: `"Bearer" and ${m.name}`,
      auth: { header: `Bearer ${m.value}` },
    })),
    { kind: 'near-miss-token', name: 'a word before "Bearer <token>"', auth: { header: `Token Bearer ${token}` } },
    { kind: 'near-miss-token', name: 'a word after "Bearer <token>"', auth: { header: `Bearer ${token} extra` } },
  ];
}

export interface Attempt {
  operation: (typeof authOperations)[number];
  variant: Variant;
  /** The unique account number of the body sent (POST only), to look for it afterwards. */
  accountNumber?: string;
  exchange: Promise<Exchange>;
}

export function requestFor(operation: AuthOperationKey, settings: RunSettings): Pick<RequestOptions, 'method' | 'path'> {
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

/** The refused writes of the auth checks in flight at once, at most. */
const REFUSED_WRITES_IN_FLIGHT = 3;

/** Every (operation, variant) request of a run, sent on first use and shared by every check. */
const attemptsOf = perRun(() => ({ attempts: undefined as Attempt[] | undefined }));

/** Every (operation, variant) request, sent once per run on first use and shared by every check. */
export function allAttempts(t: Probe): Attempt[] {
  const memo = attemptsOf(t.run.client);
  if (memo.attempts) return memo.attempts;
  const { settings } = t;
  const { client } = t.run;
  /**
   * Refused writes go REFUSED_WRITES_IN_FLIGHT at a time, in as many chains, after the listing of
   * the User that their absence proof compares with (src/methods/steps/refused-writes.ts): each holds
   * a --max-writes slot only while in flight (a refusal gives it back), and another check's write
   * that finds every free slot held waits for one (WriteBudget.reserve), so a few at once cost the
   * aimed writes a round trip at most, where one at a time was a chain of them all.
   */
  // The refused writes name the User their absence is proved on (refused-writes.ts), listed before the first is sent.
  const named = refusedWritesUser(t);
  const listed: Promise<unknown> = named.then(({ user }) => listingBeforeRefusedWrites(t, user)).catch(() => undefined);
  const chains: Promise<unknown>[] = Array.from({ length: REFUSED_WRITES_IN_FLIGHT }, () => listed);
  let writes = 0;
  const attempts = authOperations.flatMap((operation) =>
    variants(settings).map((variant): Attempt => {
      const base = requestFor(operation.key, settings);
      const options: RequestOptions = { ...base, auth: variant.auth, ...(variant.query ? { query: variant.query } : {}) };
      if (base.method !== 'POST') return { operation, variant, exchange: client.send(options) };
      const body = { ...exampleCreateBody(settings.userIdA, settings.seed), account_number: uniqueAccountNumber() };
      const chain = writes++ % REFUSED_WRITES_IN_FLIGHT;
      const exchange = (chains[chain] as Promise<unknown>).then(async () =>
        client.send({ ...options, json: { ...body, user_id: (await named).user } }),
      );
      chains[chain] = exchange.catch(() => undefined);
      return { operation, variant, accountNumber: body.account_number, exchange };
    }),
  );
  // Each promise is awaited by the checks that need it; a rejection (--read-only, a timeout) that no
  // check of this run awaits must not surface as an unhandled rejection of the whole run.
  for (const attempt of attempts) attempt.exchange.catch(() => undefined);
  memo.attempts = attempts;
  return attempts;
}

export interface Settled {
  attempt: Attempt;
  exchange?: Exchange;
  error?: unknown;
}

export async function settle(selected: Attempt[]): Promise<Settled[]> {
  const outcomes = await Promise.allSettled(selected.map((a) => a.exchange));
  return outcomes.map((o, i) => ({
    attempt: selected[i] as Attempt,
    ...(o.status === 'fulfilled' ? { exchange: o.value } : { error: o.reason }),
  }));
}
