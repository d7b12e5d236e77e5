/** What every client of a run takes from its settings: target, both tokens, bounds, trust. */
import type { RunSettings } from '../suite/settings.js';
import type { HttpClientOptions } from './client.js';

export type TargetOptions = Pick<HttpClientOptions, 'baseUrl' | 'tokenA' | 'tokenB' | 'timeoutMs' | 'maxBodyBytes' | 'rateLimit' | 'caPem'>;

export function targetOptionsFrom(settings: RunSettings): TargetOptions {
  return {
    baseUrl: settings.baseUrl,
    tokenA: settings.tokenA,
    ...(settings.tokenB !== undefined ? { tokenB: settings.tokenB } : {}),
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    rateLimit: settings.rateLimit,
    ...(settings.caPem !== undefined ? { caPem: settings.caPem } : {}),
  };
}
