/** Settings and a RunContext for the bench: the suites' own client, pointed at the bench's reference. */
import { contextFor, runClientOptions, type RunContext } from '../src/harness/context-for.js';
import { HttpClient } from '../src/http/client.js';
import type { RunSettings } from '../src/harness/settings.js';

export function benchSettings(baseUrl: string, token: string, userId: string, concurrency: number): RunSettings {
  return {
    baseUrl,
    embedded: false,
    tokenA: token,
    userIdA: userId,
    readOnly: true,
    maxWrites: 0,
    seed: 1,
    runs: 1,
    concurrency,
    rateLimit: 0,
    timeoutMs: 10_000,
    maxBodyBytes: 5_242_880,
    checkTimeoutMs: 600_000,
  };
}

/** The suites' own context (src/harness/context-for.ts), so the bench measures the client as the checks use it. */
export const benchContext = (settings: RunSettings): RunContext => contextFor(settings);

/** The run's HTTP client as contextFor composes it (same core, policies and bounds), with no observer of its exchanges. */
export function bareClient(baseUrl: string, token: string, concurrency: number): HttpClient {
  return new HttpClient(runClientOptions(benchSettings(baseUrl, token, '', concurrency)));
}
