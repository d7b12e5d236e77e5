/**
 * POST /user_banks as a grammar: each component of the request (its body as a whole, its
 * Content-Type, its credentials) with its value classes, explored with a covering array (every pair
 * of classes of two components in at least one request), instead of a hand-picked list. Every answer
 * is judged by all of the run's invariants (no 5xx, credentials required, a create returned as given,
 * the service's own members), not only by its status.
 */
import type { AuthChoice } from '../../http/client.js';
import { pairwise } from './pairwise.js';
import type { UnusualRequest } from './unusual-request.js';

interface ValueClass<V> {
  name: string;
  value: V;
  /** A body no server could make a User Bank of: sent even once the write budget is spent. */
  describesNoResource?: boolean;
}

/** The members 4.1 says the service assigns, with values no service would assign of itself. */
export const CLIENT_CHOSEN = {
  id: 'client-chosen-id-3c9e',
  created_at: '2001-02-03T04:05:06Z',
  status: 'client-chosen-status',
  verification_status: 'client-chosen-verification',
} as const;

type Body = (fresh: () => Record<string, string>) => string | undefined;

const BODIES: ValueClass<Body>[] = [
  { name: 'a valid object', value: (fresh) => JSON.stringify(fresh()) },
  { name: 'a valid object with every member the service assigns', value: (fresh) => JSON.stringify({ ...fresh(), ...CLIENT_CHOSEN }) },
  { name: 'a valid object with an unknown member', value: (fresh) => JSON.stringify({ ...fresh(), nickname: 'extra' }) },
  { name: 'JSON null', value: () => 'null', describesNoResource: true },
  { name: 'an empty JSON array', value: () => '[]', describesNoResource: true },
  { name: 'an array holding a valid object', value: (fresh) => JSON.stringify([fresh()]) },
  { name: 'a JSON number', value: () => '42', describesNoResource: true },
  { name: 'a JSON string', value: () => '"user_banks"', describesNoResource: true },
  { name: 'JSON true', value: () => 'true', describesNoResource: true },
  { name: 'an empty object', value: () => '{}', describesNoResource: true },
  { name: 'no body', value: () => undefined, describesNoResource: true },
  { name: 'JSON cut short', value: () => '{"user_id":', describesNoResource: true },
];

const CONTENT_TYPES: ValueClass<string | undefined>[] = [
  { name: 'application/json', value: 'application/json' },
  { name: 'no Content-Type', value: undefined },
  { name: 'text/plain', value: 'text/plain' },
  { name: 'application/x-www-form-urlencoded', value: 'application/x-www-form-urlencoded' },
  { name: 'application/json; charset=utf-8', value: 'application/json; charset=utf-8' },
];

const CREDENTIALS: ValueClass<AuthChoice>[] = [
  { name: "the caller's token", value: 'a' },
  { name: 'no Authorization header', value: 'none' },
  { name: 'a token of nobody', value: { header: 'Bearer conformance-not-a-token-7d1f' } },
];

export interface GrammarCoverage {
  components: { name: string; classes: number }[];
  pairs: number;
  covered: number;
  requests: number;
}

export function createGrammar(userId: string, seed: number): { requests: UnusualRequest[]; coverage: GrammarCoverage } {
  const plan = pairwise([BODIES.length, CONTENT_TYPES.length, CREDENTIALS.length], seed);
  let made = 0;
  // Each valid body its own account number, so a refused one found stored is told apart (suites/refused-writes.ts).
  const fresh = (): Record<string, string> => ({
    user_id: userId,
    account_number: `0007${String((made += 1)).padStart(8, '0')}`,
    routing_number: '021000021',
    account_holder_type: 'individual',
    bank_account_type: 'checking',
  });
  const requests = plan.rows.map(([b, c, a]): UnusualRequest => {
    const body = BODIES[b as number] as ValueClass<Body>;
    const type = CONTENT_TYPES[c as number] as ValueClass<string | undefined>;
    const auth = CREDENTIALS[a as number] as ValueClass<AuthChoice>;
    const rawBody = body.value(fresh);
    return {
      kind: `POST /user_banks with ${body.name}, ${type.name}, ${auth.name}`,
      method: 'POST',
      path: '/user_banks',
      auth: auth.value,
      ...(type.value !== undefined ? { headers: { 'content-type': type.value } } : {}),
      ...(rawBody !== undefined ? { rawBody } : {}),
      ...(body.describesNoResource === true ? { describesNoResource: true } : {}),
    };
  });
  return {
    requests,
    coverage: {
      components: [
        { name: 'body', classes: BODIES.length },
        { name: 'Content-Type', classes: CONTENT_TYPES.length },
        { name: 'credentials', classes: CREDENTIALS.length },
      ],
      pairs: plan.pairs,
      covered: plan.covered,
      requests: requests.length,
    },
  };
}
