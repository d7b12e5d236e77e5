/**
 * A RunContext built the way src/suite/context.ts builds the suites' own (one HttpClient, one
 * keep-alive Agent, the redactor learning from every answer), without vitest's inject, so the bench
 * measures the client exactly as the checks use it.
 */
import { HttpClient } from '../src/http/client.js';
import type { RunContext } from '../src/suite/context.js';
import { redactorFor } from '../src/suite/secrets.js';
import type { RunSettings } from '../src/suite/settings.js';

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

export function benchContext(settings: RunSettings): RunContext {
  const redactor = redactorFor(settings);
  const client = new HttpClient({
    baseUrl: settings.baseUrl,
    tokenA: settings.tokenA,
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    concurrency: settings.concurrency,
    rateLimit: settings.rateLimit,
    readOnly: settings.readOnly,
    maxWrites: settings.maxWrites,
    maxRetryAfterMs: 5_000,
    maxThrottleRetries: 3,
    throttleBudgetMs: 20_000,
    onExchange: (exchange) => redactor.learnFrom(exchange.json),
  });
  return { settings, client, redactor };
}
