/**
 * The client's connection pool: an undici Agent, or, when HTTPS_PROXY / HTTP_PROXY is set (NO_PROXY
 * honoured), undici's EnvHttpProxyAgent, so a CI runner behind an egress proxy reaches staging. An
 * http:// target goes through the proxy as a plain forwarded request, an https:// one through a
 * CONNECT tunnel (TLS end to end: the proxy never sees the token). --ca-cert adds a private CA to
 * the default trust; nothing turns certificate verification off.
 */
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

export interface DispatcherOptions {
  connections: number;
  timeoutMs: number;
  /** PEM text of extra trusted CA certificates (--ca-cert), added to Node's default roots. */
  caPem?: string;
  env?: NodeJS.ProcessEnv;
}

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

export function proxyConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return PROXY_VARIABLES.some((name) => (env[name] ?? '') !== '');
}

export function makeDispatcher(options: DispatcherOptions): Dispatcher {
  // Node's `ca` replaces the default roots, so the private CA goes next to them, not instead.
  const ca = options.caPem !== undefined ? [...rootCertificates, options.caPem] : undefined;
  const common = {
    connections: Math.max(1, options.connections),
    keepAliveTimeout: 10_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: options.timeoutMs, ...(ca ? { ca } : {}) },
  };
  if (!proxyConfigured(options.env)) return new Agent(common);
  return new EnvHttpProxyAgent({
    ...common,
    // Plain forwarding for http:// targets (what an HTTP_PROXY is for); https:// always tunnels.
    proxyTunnel: false,
    ...(ca ? { requestTls: { ca }, proxyTls: { ca } } : {}),
  });
}
