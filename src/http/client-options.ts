/** What every client of a run takes from its settings: target, both tokens, bounds, trust. */
import type { HttpClientOptions } from './client.js';

export type TargetOptions = Pick<HttpClientOptions, 'baseUrl' | 'tokenA' | 'tokenB' | 'timeoutMs' | 'maxBodyBytes' | 'rateLimit' | 'caPem'>;

/** From any settings that hold a target's options (the run's settings do); the client needs nothing else of them. */
export function targetOptionsFrom(settings: TargetOptions): TargetOptions {
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
