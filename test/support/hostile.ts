/**
 * Hostile targets: real servers on 127.0.0.1 that misbehave the ways real systems do. Each records
 * what it received, so a test can prove what the suite sent (and that no token went elsewhere).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openSocketsOf } from './open-sockets.js';
import { user } from './resource-fixtures.js';

export interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface HostileServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse, received: Received[]) => void;

export async function startHostile(behaviour: Behaviour): Promise<HostileServer> {
  const received: Received[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, at: Date.now() });
    req.resume();
    behaviour(req, res, received);
  });
  const open = openSocketsOf(server);
  (server as unknown as { hostileTimers: Set<NodeJS.Timeout> }).hostileTimers = timers;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => {
      for (const timer of timers) clearInterval(timer);
      return open.close();
    },
  };
}

/** Intervals started by a behaviour, stopped when the response closes, so no server outlives its test. */
function every(res: ServerResponse, ms: number, tick: () => void): void {
  const timer = setInterval(tick, ms);
  res.on('close', () => clearInterval(timer));
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const bank = (i: number) => ({
  id: `ub_${i}`,
  user_id: 'usr_1',
  account_number: '12345678',
  routing_number: '021000021',
  account_holder_type: 'individual',
  bank_account_type: 'checking',
  created_at: '2025-01-01T00:00:00Z',
  is_rtp_enabled: true,
  is_rtp_rfp_enabled: false,
  status: 'active',
  verification_status: 'verified',
});

/** The behaviours of issue 6, by name. */
export const hostile: Record<string, Behaviour> = {
  /** Accepts the connection, reads the request, never answers. */
  'never-answers': () => {},
  /** Sends headers, then one byte a second, forever. */
  'byte-a-second': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    every(res, 1000, () => res.write(' '));
  },
  /** A body that never ends, as fast as the socket takes it. */
  'endless-body': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data":[');
    const chunk = `${JSON.stringify(bank(0))},`.repeat(200);
    every(res, 1, () => res.write(chunk));
  },
  /** An HTML page where JSON was promised. */
  'html-instead-of-json': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><body><h1>Welcome</h1></body></html>');
  },
  'server-error-everywhere': (_req, res) => json(res, 500, { error: 'internal' }),
  /** Drops the connection as soon as the request arrives. */
  'connection-reset': (req) => req.socket.destroy(),
  /** A valid first page whose next_cursor always points onward, to a page that does the same. */
  'endless-cursor': (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = Number(url.searchParams.get('cursor') ?? '0');
    if (url.pathname === '/user_banks') json(res, 200, { data: [bank(page)], next_cursor: String(page + 1) });
    else if (url.pathname === '/rfp_registrations') json(res, 200, { data: [], next_cursor: null });
    // The configured User exists (the preflight reads it), so what is judged is the cursor alone.
    else if (url.pathname === '/users/usr_1') json(res, 200, { ...user, id: 'usr_1' });
    else json(res, 404, { error: 'not found' });
  },
  /** 429 on everything, asking to come back in a second. */
  'throttles-forever': (_req, res) => json(res, 429, { error: 'slow down' }, { 'retry-after': '1' }),
  /** A maintenance page: 503 to everything, asking to come back in 30 seconds. */
  'maintenance-503': (_req, res) => json(res, 503, { error: 'down for maintenance' }, { 'retry-after': '30' }),
  /** A gateway with no healthy upstream: 502 to everything. */
  'bad-gateway-everywhere': (_req, res) => json(res, 502, { error: 'bad gateway' }),
};

/** A 302 to another origin, to prove the suite neither follows it nor sends the token there. */
export function redirectTo(otherOrigin: string): Behaviour {
  return (req, res) => {
    res.writeHead(302, { location: `${otherOrigin}${req.url ?? '/'}` });
    res.end();
  };
}

/**
 * A proxy to a real target that answers 429 (Retry-After: 1) to every request whose path starts
 * with `throttledPrefix`, and passes everything else through.
 */
export function throttlingProxy(targetUrl: string, throttledPrefix: string): Behaviour {
  return proxyTo(targetUrl, (req) =>
    (req.url ?? '').startsWith(throttledPrefix) ? { status: 429, headers: { 'retry-after': '1' } } : undefined,
  );
}

/** A proxy to a real target that passes its first `served` requests through, then answers `status` to everything (a staging going down). */
export function downAfter(targetUrl: string, served: number, status: number): Behaviour {
  return proxyTo(targetUrl, (_req, received) => (received.length > served ? { status, headers: {} } : undefined));
}

/** A proxy to a real target that answers `status` (500 unless said) to every request whose path starts with `brokenPrefix` (one broken operation). */
export function failingProxy(targetUrl: string, brokenPrefix: string, status = 500): Behaviour {
  return proxyTo(targetUrl, (req) => ((req.url ?? '').startsWith(brokenPrefix) ? { status, headers: {} } : undefined));
}

/** Passes requests through to `targetUrl`, except those `refuse` answers itself. */
function proxyTo(
  targetUrl: string,
  refuse: (req: IncomingMessage, received: Received[]) => { status: number; headers: Record<string, string> } | undefined,
): Behaviour {
  return (req, res, received) => {
    const refusal = refuse(req, received);
    if (refusal !== undefined) {
      json(res, refusal.status, { error: `refused with ${refusal.status}` }, refusal.headers);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') headers[name] = value;
      fetch(`${targetUrl}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  };
}
