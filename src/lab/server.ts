/**
 * The embedded reference implementation of the whole spec on node:http, in memory, listening on
 * 127.0.0.1 only. Switchable into legitimate variations and into named faults for the self-tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authenticate } from './auth.js';
import type { AnyFaultName } from './faults/index.js';
import { FIXTURE_TOKENS, buildFixtures } from './fixtures.js';
import { createUserBank } from './handlers/create-user-bank.js';
import { getUser } from './handlers/get-user.js';
import { listRfpRegistrations } from './handlers/list-rfp-registrations.js';
import { listUserBanks } from './handlers/list-user-banks.js';
import type { HandlerContext } from './handlers/types.js';
import { BodyTooLarge, errorAnswer, send, sendError } from './http-util.js';
import type { OperationName } from './model.js';
import { startBackgroundWriter } from './background-writer.js';
import { RateGate } from './rate-gate.js';
import { closeIdleConnections } from './idle-close.js';
import { TransientRefusals } from './transient-refusals.js';
import { ReferenceState } from './state.js';
import { resolveVariation, type Variation } from './variations.js';

export interface ReferenceOptions {
  /** A preset name from variations.ts, or explicit choices. */
  variation?: string | Partial<Variation>;
  faults?: readonly AnyFaultName[];
  port?: number;
  /** Added before every answer (benchmarks of a remote target). */
  latencyMs?: number;
  seed?: number;
  extraBanks?: number;
}

export interface RunningReference {
  url: string;
  port: number;
  state: ReferenceState;
  /** The callers' tokens and users, as a target's operator would hand them over. */
  callers: { a: { token: string; userIds: string[] }; b: { token: string; userIds: string[] } };
  /** Requests seen, by method (the read-only and write-budget tests count POSTs here). */
  requestCounts: Record<string, number>;
  /** The gateway's rate limit, when the variation throttles (its count of 429s answered). */
  rateGate?: RateGate;
  /** The load balancer's 503s (its count answered). */
  transientRefusals: TransientRefusals;
  close(): Promise<void>;
}

type Route = { operation: OperationName; handle: (ctx: HandlerContext) => void | Promise<void> };

function route(method: string, path: string): Route | 'method-not-allowed' | undefined {
  if (path === '/user_banks') {
    if (method === 'POST') return { operation: 'create_user_bank', handle: createUserBank };
    if (method === 'GET') return { operation: 'list_user_banks', handle: listUserBanks };
    return 'method-not-allowed';
  }
  if (path === '/rfp_registrations')
    return method === 'GET' ? { operation: 'list_rfp_registrations', handle: listRfpRegistrations } : 'method-not-allowed';
  const user = /^\/users\/([^/]+)$/.exec(path);
  if (user) {
    if (method !== 'GET') return 'method-not-allowed';
    let id: string;
    try {
      id = decodeURIComponent(user[1] as string);
    } catch {
      return undefined;
    }
    return { operation: 'get_user', handle: (ctx) => getUser(ctx, id) };
  }
  return undefined;
}

export async function startReference(options: ReferenceOptions = {}): Promise<RunningReference> {
  const variation = resolveVariation(options.variation);
  const fixtures = buildFixtures(variation, { seed: options.seed ?? 20_260_101, extraBanks: options.extraBanks ?? 0 });
  const state = new ReferenceState(variation, fixtures, options.faults ?? []);
  const requestCounts: Record<string, number> = {};
  const latency = options.latencyMs ?? 0;
  const rateGate = variation.throttlePerSecond > 0 ? new RateGate(variation.throttlePerSecond) : undefined;
  const transientRefusals = new TransientRefusals(variation.transient503Share, variation.transientRetryAfter, options.seed ?? 20_260_101);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    requestCounts[method] = (requestCounts[method] ?? 0) + 1;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    // The server's own clock in every answer (Node would stamp the machine's).
    if (variation.clockSkewMs !== 0) res.setHeader('date', state.now().toUTCString());
    const unavailable = transientRefusals.refuse(state.now());
    if (unavailable !== undefined) {
      sendError(res, variation, 503, 'unavailable', 'service unavailable, try again', unavailable);
      return;
    }
    if (rateGate !== undefined && !rateGate.admit()) {
      sendError(res, variation, 429, 'rate_limited', 'too many requests', variation.throttleRetryAfter ? { 'retry-after': '1' } : {});
      return;
    }
    // Appended to the origin, not resolved against it: '//user_banks' is a path here, not a host.
    const url = state.hooks.bend('request.url', new URL(`http://127.0.0.1${req.url?.startsWith('/') ? req.url : '/'}`), { state });
    const found = route(method, url.pathname);
    if (found === undefined || found === 'method-not-allowed') {
      // A spelling the router also serves while the auth guard does not see it (only a fault makes one): served as the first caller.
      const alias = state.hooks.bend('route.alias', undefined, { method, path: url.pathname });
      const aliased = alias === undefined ? undefined : route(alias.method, alias.path);
      const caller = state.callers[0];
      if (aliased !== undefined && aliased !== 'method-not-allowed' && caller !== undefined) {
        await aliased.handle({ req, res, url, state, caller, notes: new Map() });
        return;
      }
    }
    if (found === undefined) {
      sendError(res, variation, 404, 'not_found', 'no such route');
      return;
    }
    if (found === 'method-not-allowed') {
      const refusal = errorAnswer(variation, 405, 'method_not_allowed', 'method not allowed', {
        allow: url.pathname === '/user_banks' ? 'GET, POST' : 'GET',
      });
      send(res, state.hooks.bend('route.undefined-method', refusal, { state }));
      return;
    }
    const caller = await authenticate(req, res, url, state, found.operation);
    if (!caller) return;
    const ctx = { req, res, url, state, caller, notes: new Map<string, unknown>() };
    if (state.hooks.bend('exchange.answered', false, ctx)) return;
    await found.handle(ctx);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLarge) sendError(res, variation, 413, 'too_large', error.message);
      else sendError(res, variation, 500, 'internal', 'internal error');
    });
  });
  server.keepAliveTimeout = 5_000;
  if (variation.idleCloseMs > 0) closeIdleConnections(server, variation.idleCloseMs);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const stopWriter = variation.backgroundWriterMs > 0 ? startBackgroundWriter(state, variation.backgroundWriterMs) : () => undefined;
  const [a, b] = state.callers;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    state,
    callers: {
      a: { token: FIXTURE_TOKENS.a, userIds: a?.users.map((u) => u.id) ?? [] },
      b: { token: FIXTURE_TOKENS.b, userIds: b?.users.map((u) => u.id) ?? [] },
    },
    requestCounts,
    ...(rateGate !== undefined ? { rateGate } : {}),
    transientRefusals,
    close: () =>
      new Promise<void>((resolve) => {
        stopWriter();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
